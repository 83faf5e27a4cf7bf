import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import { paymentState } from '@sente/contracts/payment-states';
import { CHANNEL_LABELS, type CollectionRow } from '@sente/contracts/payments';
import { CardDetail } from '../../../components/card-detail.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { phoneOrCard } from '../../../lib/format.ts';
import { OpenPaymentLink, usePaymentRow } from './open-payment.tsx';
import classes from './payment-cards.module.css';

/** The collections on a phone: one card per payment, same fields as the table, opening it as a table row does. */
export function CollectionCards({ collections }: { collections: CollectionRow[] }) {
  const paymentRow = usePaymentRow();
  return (
    <Stack gap="sm" component="ul" aria-label="Collections" className={classes.list}>
      {collections.map((collection) => (
        <Paper component="li" key={collection.id} withBorder radius="md" p="md" {...paymentRow(collection.id)}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div className={classes.heading}>
                <Text fw={600} className={classes.names}>
                  {collection.customer.names}
                </Text>
                <Text component="div" size="lg" fw={700} data-testid="collection-amount">
                  {formatMoney(collection.amount, collection.currency)}
                </Text>
              </div>
              <StatusBadge status={paymentState(collection)} />
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <CardDetail term="Date">{formatDateTime(collection.created_at)}</CardDetail>
              <CardDetail term="Phone/Card">{phoneOrCard(collection.msisdn)}</CardDetail>
              <CardDetail term="Channel">{CHANNEL_LABELS[collection.collection_channel]}</CardDetail>
              <CardDetail term="Transaction ID">
                <OpenPaymentLink id={collection.id} size="sm" ff="monospace">
                  {collection.transaction_id}
                </OpenPaymentLink>
              </CardDetail>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
