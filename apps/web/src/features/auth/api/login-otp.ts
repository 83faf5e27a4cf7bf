import type { LoginOtpInput } from '@sente/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { session } from '../../../lib/session.ts';

export const loginWithCode = async (input: LoginOtpInput) => (await publicCall('POST /api/login-otp', input)).data;

/** On success both tokens are stored and the profile is known. */
export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: ({ user, accessToken, refreshToken }) => {
      queryClient.clear();
      session.setTokens({ accessToken, refreshToken });
      queryClient.setQueryData(profileKeys.all, user);
    },
  });
}
