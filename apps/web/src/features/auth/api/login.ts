import type { LoginCodeSent, LoginInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

/** Checks the credentials; the server then e-mails the sign-in code. */
export const login = async (input: LoginInput) => (await publicApi<LoginCodeSent>('/api/login', input)).data;

export const useLogin = () => useMutation({ mutationFn: login });
