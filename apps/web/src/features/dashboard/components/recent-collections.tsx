import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import { MESSAGES } from '@sente/contracts/messages';
import { paymentState } from '@sente/contracts/payment-states';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useCollections } from '../../../lib/collections-query.ts';
import { OpenPaymentLink, usePaymentRow } from '../../payments/index.ts';
import classes from './recent-collections.module.css';

/**
 * Dashboard: the newest collections (date, amount, status marker), or 'No Collections Yet!'. It reads
 * the first page of the collections list, so /collections opens from the same cache. A row opens its payment over
 * the Overview; its amount is the link the keyboard reaches.
 */
export function RecentCollections({ count }: { count: number }) {
  const list = useCollections();
  const paymentRow = usePaymentRow();
  if (list.isPending) return <Loader size="sm" role="status" aria-label="Loading recent collections" />;
  if (list.error) return <ErrorState error={list.error} onRetry={list.refetch} />;
  if (list.items.length === 0) return <EmptyState message={MESSAGES.noCollectionsYet} />;

  return (
    <Stack gap={0}>
      <Stack component="ul" gap={0} aria-label="Recent collections" className={classes.list}>
        {list.items.slice(0, count).map((collection) => (
          <Group
            component="li"
            key={collection.id}
            justify="space-between"
            wrap="nowrap"
            py="xs"
            {...paymentRow(collection.id, classes.row)}
          >
            <div className={classes.amount}>
              <OpenPaymentLink
                id={collection.id}
                label={`${formatMoney(collection.amount, collection.currency)} from ${collection.customer.names}`}
                size="sm"
                fw={600}
                display="block"
                truncate
              >
                {formatMoney(collection.amount, collection.currency)}
              </OpenPaymentLink>
              <Text size="xs" c="gray.7" truncate>
                {formatDateTime(collection.created_at)} · {collection.customer.names}
              </Text>
            </div>
            <StatusBadge status={paymentState(collection)} size="sm" />
          </Group>
        ))}
      </Stack>
      <Anchor component={Link} to="/collections" size="sm" fw={600} c="sente.8" mt="sm">
        See all collections
      </Anchor>
    </Stack>
  );
}
