import type { LoginInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';

/** Checks the credentials; the server then e-mails the sign-in code. */
export const login = async (input: LoginInput) => (await publicCall('POST /api/login', input)).data;

export const useLogin = () => useMutation({ mutationFn: login });
