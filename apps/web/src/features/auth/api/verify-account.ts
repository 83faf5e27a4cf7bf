import type { VerifyAccountInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';

export const verifyAccount = async (input: VerifyAccountInput) => publicCall('POST /api/verify-account', input);

export const useVerifyAccount = () => useMutation({ mutationFn: verifyAccount });
