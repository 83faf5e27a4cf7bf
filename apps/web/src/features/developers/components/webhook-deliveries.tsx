import { Badge, Button, Card, Code, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { WEBHOOK_LABELS } from '@sente/contracts/developers';
import { formatDateTime } from '@sente/contracts/format';
import {
  DELIVERY_STATUS_LABELS,
  WEBHOOK_DELIVERY_MESSAGES as M,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@sente/contracts/webhook-deliveries';
import { useEffect, useRef } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { type MoneyStatus, StatusBadge } from '../../../components/status-badge.tsx';
import { useResendDelivery, useSendTestEvent, useWebhookDeliveries } from '../api/webhook-deliveries.ts';
import { useWebhookUrls } from '../api/webhook-urls.ts';
import classes from './webhook-deliveries.module.css';

/** While a delivery is pending the log is read again this often, so the page shows it go out. */
const REFRESH_WHILE_PENDING_MS = 5000;

const NONE = '—';

/** The money statuses' badge for three of them; 'No URL' in grey, as it is neither good nor bad news. */
const BADGE: Record<Exclude<WebhookDeliveryStatus, 'skipped'>, MoneyStatus> = {
  pending: 'pending',
  delivered: 'successful',
  failed: 'failed',
};

function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  if (status === 'skipped') {
    return (
      <Badge variant="light" color="gray" c="gray.8" radius="sm" miw="max-content">
        {DELIVERY_STATUS_LABELS.skipped}
      </Badge>
    );
  }
  return <StatusBadge status={BADGE[status]} label={DELIVERY_STATUS_LABELS[status]} />;
}

function DeliveriesTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const resend = useResendDelivery();
  return (
    <ScrollTable minWidth={760} label="Webhook deliveries table">
      <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Webhook deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Attempts</Table.Th>
            <Table.Th>Last response</Table.Th>
            <Table.Th>Next try</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>
                <Code>{delivery.type}</Code>
                <Text size="xs" c="gray.7">
                  to the {WEBHOOK_LABELS[delivery.destination]} URL
                </Text>
              </Table.Td>
              <Table.Td>
                <DeliveryStatus status={delivery.status} />
              </Table.Td>
              <Table.Td ta="right">{delivery.attempts}</Table.Td>
              <Table.Td maw={260}>
                <Text size="sm">{delivery.last_response_code ?? NONE}</Text>
                {delivery.last_error && (
                  <Text size="xs" c="gray.7" className={classes.error}>
                    {delivery.last_error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : NONE}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{formatDateTime(delivery.created_at)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`${M.resend} ${delivery.type} of ${formatDateTime(delivery.created_at)}`}
                  loading={resend.isPending && resend.variables === delivery.id}
                  onClick={() => resend.mutate(delivery.id)}
                >
                  {M.resend}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * Below the URL fields of the Web Hooks page (decision 025): the account's recent webhook deliveries in its active
 * environment (event, status, attempts, last response, next try in Kampala time), Resend on each, and 'Send test event'.
 * Empty while no URL is set, it says that nothing is sent until one is.
 */
export function WebhookDeliveries() {
  const list = useWebhookDeliveries();
  const urls = useWebhookUrls().data;
  const noUrl = urls !== undefined && urls.collection_url === null && urls.payment_url === null;
  const testEvent = useSendTestEvent();
  const anyPending = list.items.some((delivery) => delivery.status === 'pending');
  // The latest refetch, so that the timer below lasts as long as something is pending rather than one render.
  const refetch = useRef(list.refetch);
  refetch.current = list.refetch;

  useEffect(() => {
    if (!anyPending) return;
    const timer = setInterval(() => refetch.current(), REFRESH_WHILE_PENDING_MS);
    return () => clearInterval(timer);
  }, [anyPending]);

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {M.title}
          </Title>
          <Button variant="light" loading={testEvent.isPending} onClick={() => testEvent.mutate(undefined)}>
            {M.sendTestEvent}
          </Button>
        </Group>
        {list.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading deliveries" />
          </Group>
        ) : list.error ? (
          <ErrorState error={list.error} onRetry={list.refetch} />
        ) : list.items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {noUrl ? M.emptyNoUrl : M.empty}
          </Text>
        ) : (
          <DeliveriesTable deliveries={list.items} />
        )}
        <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
      </Stack>
    </Card>
  );
}
