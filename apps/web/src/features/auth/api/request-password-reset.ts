import type { EmailOrPhoneInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

export const requestPasswordReset = async (input: EmailOrPhoneInput) => publicApi<null>('/api/password-reset-code', input);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
