import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { MESSAGES } from '@sente/contracts/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';

type Props<T> = {
  /** The list this form belongs to, for the breadcrumb ('Payment Links / Create'). */
  list: { path: string; title: string };
  /** The ref being edited, or undefined when creating. */
  editingRef: string | undefined;
  canManage: boolean;
  details: UseQueryResult<T>;
  /** The form, given the loaded item (null when creating). */
  children: (item: T | null) => ReactNode;
};

/** The frame of every link and item form: breadcrumb, role check, loading and not-found states. */
export function LinkFormPage<T>({ list, editingRef, canManage, details, children }: Props<T>) {
  let content: ReactNode;
  if (!canManage) {
    content = (
      <Alert color="yellow" variant="light" maw={760}>
        {MESSAGES.forbiddenForRole}
      </Alert>
    );
  } else if (editingRef && details.isPending) {
    content = <PageLoader />;
  } else if (editingRef && details.error) {
    // A link that does not exist (or belongs to another account) will not appear by asking again.
    const missing = details.error instanceof ApiError && details.error.status === 404;
    content = <ErrorState error={details.error} onRetry={missing ? undefined : () => void details.refetch()} />;
  } else {
    content = children(details.data ?? null);
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Anchor component={Link} to={list.path} inherit c="sente.8">
          {list.title}
        </Anchor>{' '}
        / {editingRef ? 'Edit' : 'Create'}
      </Title>
      {content}
    </Stack>
  );
}
