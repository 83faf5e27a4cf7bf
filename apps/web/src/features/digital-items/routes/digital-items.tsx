import { Button, Group, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { roleHasRight } from '@sente/contracts/constants';
import type { DigitalItem } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { useDigitalItems } from '../api/get-digital-items.ts';
import { useDeleteDigitalItem } from '../api/hide-digital-item.ts';
import { DeleteItemModal } from '../components/delete-item-modal.tsx';
import { DigitalItemCards } from '../components/digital-item-cards.tsx';
import { DigitalItemsTable } from '../components/digital-items-table.tsx';

function NewItemButton() {
  return (
    <Button component={Link} to="/new-sente-digital-item" leftSection={<IconPlus size={16} aria-hidden />}>
      New Item/Product
    </Button>
  );
}

/** Spec §2 digital items list ('Digital Hub'). */
export function DigitalItemsRoute() {
  const { data: user } = useProfile();
  const canManage = user?.current_role ? roleHasRight(user.current_role, 'manageLinks') : false;
  const list = useDigitalItems();
  const remove = useDeleteDigitalItem();
  const [toDelete, setToDelete] = useState<DigitalItem | null>(null);
  // One layout in the page at a time (a table from the md breakpoint, cards below), read before the first paint.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.md})`, true, { getInitialValueInEffect: false });
  const empty = !list.isPending && !list.error && list.items.length === 0;

  const confirmDelete = (item: DigitalItem) =>
    remove.mutate(item.id, {
      onSuccess: () => setToDelete(null),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Digital Hub
          </Title>
          <Text size="sm" c="gray.7">
            Sell e-books, templates and other files: buyers pay, then download.
          </Text>
        </div>
        {canManage && !empty && <NewItemButton />}
      </Group>

      {list.isPending ? (
        <PageLoader />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={list.refetch} />
      ) : empty ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState message={LINK_MESSAGES.noDigitalItems} action={canManage ? <NewItemButton /> : undefined} />
        </Paper>
      ) : (
        <>
          {wide ? (
            <Paper withBorder radius="md">
              <DigitalItemsTable items={list.items} canManage={canManage} onRequestDelete={setToDelete} />
            </Paper>
          ) : (
            <DigitalItemCards items={list.items} canManage={canManage} onRequestDelete={setToDelete} />
          )}
          <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
        </>
      )}

      <DeleteItemModal
        item={toDelete}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setToDelete(null)}
      />
    </Stack>
  );
}
