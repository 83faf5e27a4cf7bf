import type { SignUpInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';

export const signUp = async (input: SignUpInput) => (await publicCall('POST /api/sign-up', input)).data;

export const useSignUp = () => useMutation({ mutationFn: signUp });
