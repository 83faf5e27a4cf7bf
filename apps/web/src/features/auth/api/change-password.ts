import type { ChangePasswordInput } from '@sente/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';

export const changePassword = async (input: ChangePasswordInput) => publicCall('POST /api/change-password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
