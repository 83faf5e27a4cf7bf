import { Text, Timeline } from '@mantine/core';
import { COLLECTION_EVENT_LABELS } from '@sente/contracts/collection-events';
import { formatDateTime } from '@sente/contracts/format';
import type { CollectionEvent } from '@sente/contracts/payments-answers';
import { IconCheck, IconX } from '@tabler/icons-react';

/**
 * A payment's timeline as the server orders it, oldest first: each step's name, its Kampala time and what was said;
 * a failure (a failed payment, a refused webhook) in red with a cross, a success with a tick.
 */
export function PaymentTimeline({ events }: { events: CollectionEvent[] }) {
  return (
    <Timeline active={events.length - 1} bulletSize={20} lineWidth={2}>
      {events.map((event, index) => {
        const failed = event.ok === false;
        return (
          <Timeline.Item
            // Events are told apart by their place: two callbacks can share their time and kind.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            color={failed ? 'red' : undefined}
            bullet={failed ? <IconX size={12} aria-hidden /> : event.ok ? <IconCheck size={12} aria-hidden /> : null}
            title={COLLECTION_EVENT_LABELS[event.kind]}
          >
            <Text size="xs" c="gray.7">
              {formatDateTime(event.at)}
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
  );
}
