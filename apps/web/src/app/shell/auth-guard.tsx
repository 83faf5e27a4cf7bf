import { MESSAGES } from '@sente/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { ErrorState } from '../../components/error-state.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { onSessionExpired } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { useProfile } from '../../lib/profile.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import classes from './auth-guard.module.css';

/** Gate of every authenticated route: no session goes to /, an expired one says so first. */
export function AuthGuard() {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSessionExpired(() => {
        notify.error(MESSAGES.sessionExpired);
        queryClient.clear();
        navigate('/', { replace: true });
      }),
    [navigate, queryClient],
  );

  if (!signedIn) return <Navigate to="/" replace />;
  return <ProfileGate />;
}

function ProfileGate() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <div className={classes.error}>
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      </div>
    );
  }
  return <Outlet />;
}
