import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from './api-client.ts';
import { notify } from './notify.ts';
import { profileKeys } from './profile.ts';

export function updateLogo(companyLogo: string) {
  return call('POST /api/sente-account/update-logo', { body: { company_logo: companyLogo } });
}

/** Saving the company logo (update-logo): toast 'Logo saved'; the logo lives on the profile's account, so it reloads. */
export function useUpdateLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLogo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      notify.success(LINK_MESSAGES.logoSaved);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
