import { Button, Group, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { roleHasRight } from '@sente/contracts/constants';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { useEnableOrDisablePaymentLink } from '../api/enable-or-disable-payment-link.ts';
import { usePaymentLinks } from '../api/get-payment-links.ts';
import { PaymentLinkCards } from '../components/payment-link-cards.tsx';
import { PaymentLinksTable } from '../components/payment-links-table.tsx';
import { type StatusChange, StatusConfirmModal } from '../components/status-confirm-modal.tsx';

function NewPaymentLinkButton() {
  return (
    <Button component={Link} to="/new-payment-link" leftSection={<IconPlus size={16} aria-hidden />}>
      New Payment Link
    </Button>
  );
}

/** Spec §2 payment links list. */
export function PaymentLinksRoute() {
  const { data: user } = useProfile();
  const canManage = user?.current_role ? roleHasRight(user.current_role, 'manageLinks') : false;
  const list = usePaymentLinks();
  const setStatus = useEnableOrDisablePaymentLink();
  const [change, setChange] = useState<StatusChange | null>(null);
  // One layout in the page at a time (a table from the sm breakpoint, cards below), read before the first paint.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, true, { getInitialValueInEffect: false });
  const empty = !list.isPending && !list.error && list.items.length === 0;

  const confirm = ({ link, disable }: StatusChange) => {
    setChange(null);
    setStatus.mutate({ id: link.id, is_disabled: disable });
  };
  const requestChange = (link: StatusChange['link'], disable: boolean) => setChange({ link, disable });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Payment Links
          </Title>
          <Text size="sm" c="gray.7">
            Share a link, get paid by mobile money or card.
          </Text>
        </div>
        {canManage && !empty && <NewPaymentLinkButton />}
      </Group>

      {list.isPending ? (
        <PageLoader />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={list.refetch} />
      ) : empty ? (
        <Paper withBorder radius="md" p="lg">
          <EmptyState message={LINK_MESSAGES.noPaymentLinks} action={canManage ? <NewPaymentLinkButton /> : undefined} />
        </Paper>
      ) : (
        <>
          {wide ? (
            <Paper withBorder radius="md">
              <PaymentLinksTable links={list.items} canManage={canManage} onRequestStatusChange={requestChange} />
            </Paper>
          ) : (
            <PaymentLinkCards links={list.items} canManage={canManage} onRequestStatusChange={requestChange} />
          )}
          <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
        </>
      )}

      <StatusConfirmModal change={change} onConfirm={confirm} onClose={() => setChange(null)} />
    </Stack>
  );
}
