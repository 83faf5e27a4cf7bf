import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import { CHANNEL_LABELS, type LiveCollection } from '@sente/contracts/payments';
import { CardDetail } from '../../../../components/card-detail.tsx';
import { StatusBadge } from '../../../../components/status-badge.tsx';
import { phoneOrCard } from '../../../../lib/format.ts';
import { paymentCardClasses as classes, OpenPaymentLink, usePaymentRow } from '../../../payments/index.ts';
import { extraValue } from './live-labels.ts';

/** The live page on a phone: one card per collection, with the payer's extra answers below, opening as a row does. */
export function LiveCards({ items, extraLabels }: { items: LiveCollection[]; extraLabels: string[] }) {
  const paymentRow = usePaymentRow();
  return (
    <Stack gap="sm" component="ul" aria-label="Live collections" className={classes.list}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" p="md" {...paymentRow(item.id)}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div className={classes.heading}>
                <OpenPaymentLink id={item.id} fw={600} className={classes.names}>
                  {item.collection.customer.names}
                </OpenPaymentLink>
                <Text component="div" size="lg" fw={700} data-testid="live-amount">
                  {formatMoney(item.amount, item.currency)}
                </Text>
              </div>
              <StatusBadge status={item.collection.status} />
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <CardDetail term="Date">{formatDateTime(item.created_at)}</CardDetail>
              <CardDetail term="Phone">{phoneOrCard(item.collection.msisdn)}</CardDetail>
              <CardDetail term="Channel">{CHANNEL_LABELS[item.collection.collection_channel]}</CardDetail>
              {extraLabels.map((label, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one detail per extra field, in the link's order
                <CardDetail key={index} term={label} wide>
                  {extraValue(item, label) || '—'}
                </CardDetail>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
