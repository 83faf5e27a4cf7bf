import { Button, Group, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { roleHasRight } from '@sente/contracts/constants';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { useDonationLinks } from '../api/get-donation-links.ts';
import { DonationLinkCards } from '../components/donation-link-cards.tsx';
import { DonationLinksTable } from '../components/donation-links-table.tsx';

function NewDonationLinkButton() {
  return (
    <Button component={Link} to="/new-donation-link" leftSection={<IconPlus size={16} aria-hidden />}>
      New Donation Link
    </Button>
  );
}

/** Spec §2 donation links list. */
export function DonationLinksRoute() {
  const { data: user } = useProfile();
  const canManage = user?.current_role ? roleHasRight(user.current_role, 'manageLinks') : false;
  const list = useDonationLinks();
  // One layout in the page at a time (a table from the sm breakpoint, cards below), read before the first paint.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, true, { getInitialValueInEffect: false });
  const empty = !list.isPending && !list.error && list.items.length === 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Donation Links
          </Title>
          <Text size="sm" c="gray.7">
            Raise money for a cause: supporters give by mobile money or card.
          </Text>
        </div>
        {canManage && !empty && <NewDonationLinkButton />}
      </Group>

      {list.isPending ? (
        <PageLoader />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={list.refetch} />
      ) : empty ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState message={LINK_MESSAGES.noDonationLinks} action={canManage ? <NewDonationLinkButton /> : undefined} />
        </Paper>
      ) : (
        <>
          {wide ? (
            <Paper withBorder radius="md">
              <DonationLinksTable links={list.items} canManage={canManage} />
            </Paper>
          ) : (
            <DonationLinkCards links={list.items} canManage={canManage} />
          )}
          <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
        </>
      )}
    </Stack>
  );
}
