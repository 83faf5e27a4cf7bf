import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { notificationKeys } from './notifications.ts';

/** POST /api/user/phone/send-code: texts a code to the profile's phone; answers when it was sent (decision 070). */
export function sendPhoneCode() {
  return call('POST /api/user/phone/send-code', { body: {} });
}

/** POST /api/user/phone/verify: the texted code proves the phone. */
export function verifyPhone(code: string) {
  return call('POST /api/user/phone/verify', { body: { code } });
}

/** Once the phone is proved: the profile shows it verified, and the Notifications section may offer SMS to it. */
export function usePhoneVerified() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    ]);
}
