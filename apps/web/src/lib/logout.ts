import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from './api-client.ts';
import { session } from './session.ts';

export function logout(refreshToken: string | null) {
  return call('POST /api/logout', { body: { refreshToken } });
}

/** Logout. The server revokes the session; the browser forgets it whether or not that call worked. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logout(session.refreshToken()),
    onSettled: () => {
      session.clear();
      queryClient.clear();
      navigate('/', { replace: true });
    },
  });
}
