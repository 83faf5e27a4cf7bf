import { Button, Group, type MantineBreakpoint, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CursorList } from '../lib/use-cursor-list.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { LoadMore } from './load-more.tsx';
import { PageLoader } from './page-loader.tsx';

type Props<T> = {
  title: string;
  intro: string;
  /** The create button ('New Payment Link' to /new-payment-link), shown to roles that may create. */
  create: { path: string; label: string } | null;
  /** More header buttons (a Download), shown beside the create button while the list is not empty. */
  actions?: ReactNode;
  emptyMessage: string;
  /** What the empty state offers instead of the create button (the Transfers button). */
  emptyAction?: ReactNode;
  list: CursorList<T>;
  /** A filter bar between the heading and the list (decision 051). */
  filters?: ReactNode;
  /** Wide screens get a table, phones get cards; only one is ever in the page. */
  table: (items: T[]) => ReactNode;
  cards: (items: T[]) => ReactNode;
  /** From this breakpoint up the table shows. */
  tableFrom?: MantineBreakpoint;
  /** Dialogs of the page (confirmations). */
  children?: ReactNode;
};

/** The frame of every collection-link list: heading, create button, loading, error and empty states, Load More. */
export function ListPage<T>({
  title,
  intro,
  create,
  actions,
  emptyMessage,
  emptyAction,
  list,
  filters,
  table,
  cards,
  tableFrom = 'sm',
  children,
}: Props<T>) {
  const empty = !list.isPending && !list.error && list.items.length === 0;
  const createButton = create && (
    <Button component={Link} to={create.path} leftSection={<IconPlus size={16} aria-hidden />}>
      {create.label}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {intro}
          </Text>
        </div>
        {!empty && (actions || createButton) && (
          <Group gap="sm">
            {actions}
            {createButton}
          </Group>
        )}
      </Group>

      {filters}
      <CursorListBody
        list={list}
        emptyMessage={emptyMessage}
        emptyAction={createButton || emptyAction}
        table={table}
        cards={cards}
        tableFrom={tableFrom}
      />
      {children}
    </Stack>
  );
}

type BodyProps<T> = Pick<Props<T>, 'list' | 'emptyMessage' | 'emptyAction' | 'table' | 'cards'> & {
  tableFrom: MantineBreakpoint;
};

/**
 * A cursor list's states: loading, error (with Try again), empty, then a table on wide screens or cards on phones,
 * and Load More. The body of every list page, and of a list whose page frame is its own (the wallet's statement).
 */
export function CursorListBody<T>({ list, emptyMessage, emptyAction, table, cards, tableFrom }: BodyProps<T>) {
  const breakpoint = useMantineTheme().breakpoints[tableFrom];
  // Read before the first paint so the page never renders both layouts.
  const wide = useMediaQuery(`(min-width: ${breakpoint})`, true, { getInitialValueInEffect: false });
  if (list.isPending) return <PageLoader />;
  if (list.error) return <ErrorState error={list.error} onRetry={list.refetch} />;
  if (list.items.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <EmptyState message={emptyMessage} action={emptyAction} />
      </Paper>
    );
  }
  return (
    <>
      {wide ? (
        <Paper withBorder radius="md">
          {table(list.items)}
        </Paper>
      ) : (
        cards(list.items)
      )}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
    </>
  );
}
