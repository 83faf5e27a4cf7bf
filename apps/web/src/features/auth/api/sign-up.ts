import type { SignUpInput, SignUpResult } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

export const signUp = async (input: SignUpInput) => (await publicApi<SignUpResult>('/api/sign-up', input)).data;

export const useSignUp = () => useMutation({ mutationFn: signUp });
