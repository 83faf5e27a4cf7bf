import type { EmailOrPhoneInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';

export const requestPasswordReset = async (input: EmailOrPhoneInput) => publicCall('POST /api/password-reset-code', input);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
