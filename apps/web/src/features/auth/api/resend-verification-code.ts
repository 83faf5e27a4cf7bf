import type { EmailOrPhoneInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api-client.ts';

export const resendVerificationCode = async (input: EmailOrPhoneInput) =>
  (await publicApi<{ last_code_sent_at: string }>('/api/resend-account-verification-code', input)).data;

export const useResendVerificationCode = () => useMutation({ mutationFn: resendVerificationCode });
