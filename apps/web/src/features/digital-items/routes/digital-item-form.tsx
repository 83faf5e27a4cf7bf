import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { roleHasRight } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useDigitalItem } from '../api/get-digital-item.ts';
import { DigitalItemForm } from '../components/digital-item-form.tsx';

/** Spec §2 digital item form: /new-sente-digital-item creates, /sente-digital-items/edit/:ref edits. */
export function DigitalItemFormRoute() {
  const { ref } = useParams();
  const { data: user } = useProfile();
  const role = user?.current_role ?? null;
  const canManage = role !== null && roleHasRight(role, 'manageLinks');
  const details = useDigitalItem(canManage ? ref : undefined);

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
    // An item that does not exist, was deleted or belongs to another account will not appear by asking again.
    const missing = details.error instanceof ApiError && details.error.status === 404;
    content = <ErrorState error={details.error} onRetry={missing ? undefined : () => void details.refetch()} />;
  } else {
    // A new key per item, so moving from editing one item to creating another starts afresh.
    content = <DigitalItemForm key={details.data?.id ?? 'new'} item={details.data ?? null} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Anchor component={Link} to="/sente-digital-items" inherit c="sente.8">
          Digital Hub
        </Anchor>{' '}
        / {ref ? 'Edit' : 'Create'}
      </Title>
      {content}
    </Stack>
  );
}
