import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { roleHasRight } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useDonationLink } from '../api/get-donation-link.ts';
import { DonationLinkForm } from '../components/donation-link-form.tsx';

/** Spec §2 donation link form: /new-donation-link creates, /donation-links/edit/:ref edits. */
export function DonationLinkFormRoute() {
  const { ref } = useParams();
  const { data: user } = useProfile();
  const role = user?.current_role ?? null;
  const canManage = role !== null && roleHasRight(role, 'manageLinks');
  const details = useDonationLink(canManage ? ref : undefined);

  let content: ReactNode;
  if (!canManage) {
    content = (
      <Alert color="yellow" variant="light" maw={760}>
        {MESSAGES.forbiddenForRole}
      </Alert>
    );
  } else if (ref && details.isPending) {
    content = <PageLoader />;
  } else if (ref && details.error) {
    // A link that does not exist (or belongs to another account) will not appear by asking again.
    const missing = details.error instanceof ApiError && details.error.status === 404;
    content = <ErrorState error={details.error} onRetry={missing ? undefined : () => void details.refetch()} />;
  } else {
    content = (
      <DonationLinkForm
        // A new key per link, so moving from editing one link to creating another starts afresh.
        key={details.data?.id ?? 'new'}
        link={details.data ?? null}
        canUpdateLogo={role !== null && roleHasRight(role, 'manageAccount')}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Anchor component={Link} to="/donation-links" inherit c="sente.8">
          Donation Links
        </Anchor>{' '}
        / {ref ? 'Edit' : 'Create'}
      </Title>
      {content}
    </Stack>
  );
}
