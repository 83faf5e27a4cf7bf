import { Paper, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime } from '@sente/contracts/format';
import type { BatchEvent } from '@sente/contracts/payout-batches';
import { BATCH_EVENT_LABELS } from '@sente/contracts/payout-batches-labels';
import { IconCheck, IconX } from '@tabler/icons-react';

const FAILURES: readonly BatchEvent['action'][] = ['rejected', 'expired', 'row_failed'];
const SUCCESSES: readonly BatchEvent['action'][] = ['approved', 'row_paid', 'name_accepted'];

/**
 * Every step of the batch as the server orders it, oldest first: what happened, to which row, who did it and when; a
 * refusal or a failed row in red with a cross, an approval or a paid row with a tick (as a payment's timeline).
 */
export function BatchHistory({ events }: { events: BatchEvent[] }) {
  return (
    <Paper component="section" aria-labelledby="batch-history-title" withBorder radius="md" p="md">
      <Title order={2} size="h4" id="batch-history-title" mb="md">
        History
      </Title>
      <Timeline active={events.length - 1} bulletSize={20} lineWidth={2}>
        {events.map((event, index) => {
          const failed = FAILURES.includes(event.action);
          const title =
            event.row === null ? BATCH_EVENT_LABELS[event.action] : `${BATCH_EVENT_LABELS[event.action]}: row ${event.row}`;
          return (
            <Timeline.Item
              // Events are told apart by their place: two rows can be paid in the same second.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              color={failed ? 'red' : undefined}
              bullet={
                failed ? (
                  <IconX size={12} aria-hidden />
                ) : SUCCESSES.includes(event.action) ? (
                  <IconCheck size={12} aria-hidden />
                ) : null
              }
              title={title}
            >
              <Text size="xs" c="gray.7">
                {[event.actor, formatDateTime(event.at)].filter(Boolean).join(' · ')}
              </Text>
              {event.detail && (
                <Text size="sm" c={failed ? 'red.9' : undefined}>
                  {event.detail}
                </Text>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}
