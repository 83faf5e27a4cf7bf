import type { EmailOrPhoneInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';

export const resendVerificationCode = async (input: EmailOrPhoneInput) =>
  (await publicCall('POST /api/resend-account-verification-code', input)).data;

export const useResendVerificationCode = () => useMutation({ mutationFn: resendVerificationCode });
