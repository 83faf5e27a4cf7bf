import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLogout } from '../../../lib/logout.ts';
import { notify } from '../../../lib/notify.ts';
import { useAcceptInvitation } from '../api/invitation.ts';

/**
 * A signed-in user followed an invitation link (or just signed in from one): joins the account and lands in it. If the
 * invitation was for another address, says so and offers to sign out, or to go on to their own dashboard.
 */
export function AcceptInvitation({ invite }: { invite: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    accept.mutate(invite, {
      onSuccess: (response) => {
        if (response.message) notify.success(response.message);
        navigate('/dashboard', { replace: true });
      },
    });
  }, [accept, invite, navigate]);

  return (
    <AuthLayout title="Joining the team">
      {accept.isError ? (
        <Stack>
          <Alert color="yellow" variant="light" role="alert">
            {errorMessage(accept.error)}
          </Alert>
          <Group grow>
            <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
              Sign out
            </Button>
            <Button onClick={() => navigate('/dashboard', { replace: true })}>Go to my dashboard</Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm">
          <Loader size="sm" aria-label="Joining" />
          <Text size="sm">Joining the account…</Text>
        </Group>
      )}
    </AuthLayout>
  );
}
