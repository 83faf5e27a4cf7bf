/**
 * The body of every webhook event (decision 047) as zod schemas: the OpenAPI document's `webhooks` section
 * is generated from them, and the tests check every delivery against it. A collection or payout event's `data` is the
 * /v1 object itself, beside the names older receivers read (deprecated, kept until the next webhook version).
 */
import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { apiPayoutBatch } from './merchant-api-batches.ts';
import { apiCollection, apiPayout, apiRefund, environment, id, instant } from './merchant-api-objects.ts';
import { TRANSFER_STATUSES } from './transfers.ts';
import { WEBHOOK_API_VERSION, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-deliveries.ts';

/** A name kept for receivers written before decision 047: the same value as `instead`, gone at the next version. */
const alias = <T extends z.ZodType>(schema: T, instead: string) =>
  schema.meta({ deprecated: true, description: `Deprecated: ${instead}. Removed at the next webhook version.` });

export const collectionEventData = apiCollection
  .extend({
    msisdn: alias(z.string().nullable(), 'read phone'),
    names: alias(z.string(), 'read customer_name'),
    message: alias(
      z.string().nullable(),
      "read failure_reason (this also carries the provider's message on a success, which is seldom set)",
    ),
    link_id: alias(z.uuid().nullable(), 'read link.id'),
  })
  .meta({
    id: 'CollectionEventData',
    description: 'The Collection object, as GET /v1/collections/{id} answers it, with deprecated aliases',
  });
export type CollectionEventData = z.output<typeof collectionEventData>;

export const payoutEventData = apiPayout
  .extend({
    kind: alias(z.literal('payout'), 'the event type says it is a payout'),
    direction: alias(z.literal('out'), 'a payout is always out'),
    counterparty: alias(z.string().nullable(), 'read phone (this is the number as 0772 654 321)'),
  })
  .meta({
    id: 'PayoutEventData',
    description: 'The Payout object, as GET /v1/payouts/{id} answers it, with deprecated aliases',
  });
export type PayoutEventData = z.output<typeof payoutEventData>;

/** A wallet transfer or a settlement: not a /v1 object, so its events keep their own shape. */
export const transferEventData = z
  .object({
    id,
    kind: z.enum(['wallet_transfer', 'settlement']),
    direction: z.enum(['out', 'in']).describe('out to the account that sent it, in to the one that received it'),
    status: z.enum(TRANSFER_STATUSES),
    amount: z.int().meta({ examples: [10_000] }),
    charge: z.int().meta({ description: "The sender's: 0 on a received transfer", examples: [500] }),
    currency: z.enum(CURRENCIES),
    reason: z.string().describe('As stored: plain text with the inline tags b, i, u, br allowed, and text escaped'),
    failure_reason: z.string().nullable(),
    counterparty: z
      .string()
      .nullable()
      .describe("The other account as 'Name (account number)', or the bank and masked account of a settlement"),
    environment,
    created_at: instant,
    completed_at: instant.nullable(),
  })
  .meta({ id: 'TransferEventData', description: 'A wallet transfer or a settlement' });

export const testEventData = z.object({ message: z.string() }).meta({ id: 'TestEventData' });

const DATA_OF = {
  collection: collectionEventData,
  payout: payoutEventData,
  // A refund's events were born with the /v1 object as their data: no aliases.
  refund: apiRefund,
  // A batch's events were born with the /v1 object as their data, as a refund's were.
  payout_batch: apiPayoutBatch,
  transfer: transferEventData,
  settlement: transferEventData,
  test: testEventData,
} as const;

/**
 * `collection.successful` → `CollectionSuccessfulEvent`, `payout_batch.partially_completed` →
 * `PayoutBatchPartiallyCompletedEvent`, `test.event` → `TestEvent`: the component name of an event's body.
 */
export function eventSchemaName(type: WebhookEventType): string {
  const name = type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  return name.endsWith('Event') ? name : `${name}Event`;
}

const bodyOf = (type: WebhookEventType) =>
  z
    .object({
      id: id.describe('The event id, also the webhook-id header: the same on every attempt'),
      type: z.literal(type),
      environment,
      created_at: instant,
      api_version: z
        .literal(WEBHOOK_API_VERSION)
        .describe('The webhook version this body follows: within one, a body only gains fields'),
      data: DATA_OF[type.split('.')[0] as keyof typeof DATA_OF],
    })
    .meta({ id: eventSchemaName(type) });

/** Every event's body, registered under its component name. */
export const WEBHOOK_EVENT_BODIES = Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, bodyOf(type)])) as {
  [T in WebhookEventType]: ReturnType<typeof bodyOf>;
};
