import { z } from 'zod';
import type { Environment } from './constants.ts';
import { WEBHOOK_LABELS, type WebhookField } from './developers.ts';

/**
 * The events a merchant's webhook URLs receive. Collections go to the Collections URL; wallet transfers,
 * settlements, payouts, refunds and payout batches, as their status changes, go to the Payments URL. A test event goes to each URL that is set.
 */
export const WEBHOOK_EVENT_TYPES = [
  'collection.successful',
  'collection.failed',
  'transfer.successful',
  'settlement.pending',
  'settlement.successful',
  'settlement.rejected',
  'payout.pending',
  'payout.successful',
  'payout.rejected',
  'refund.successful',
  'refund.failed',
  'payout_batch.submitted',
  'payout_batch.approved',
  'payout_batch.rejected',
  'payout_batch.expired',
  'payout_batch.completed',
  'payout_batch.partially_completed',
  'payout_batch.failed',
  'test.event',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = 'test.event' satisfies WebhookEventType;

/**
 * The version of the event bodies (decision 047): within it a body only gains fields; a removed field or a changed
 * meaning is a new version, which an account moves to by choice.
 */
export const WEBHOOK_API_VERSION = '2026-11-27';

/** The body of every delivery, signed as it is sent (Standard Webhooks: webhook-id is `id`); contracts webhook-events.ts describes each `data`. */
export type WebhookEventBody = {
  id: string;
  type: WebhookEventType;
  environment: Environment;
  created_at: string;
  api_version: typeof WEBHOOK_API_VERSION;
  data: unknown;
};

/**
 * pending: waiting for its next try (or being tried); delivered: a try was answered with a 2xx; failed: no 2xx within
 * the retry window; skipped: no URL was set for it when it was tried.
 */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'No URL',
} as const satisfies Record<WebhookDeliveryStatus, string>;

/** How long a delivery is retried before it is marked failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 72;

/** One row of GET /api/webhook/deliveries: an event and how its delivery went. */
export const webhookDelivery = z.object({
  id: z.string(),
  type: z.string(),
  destination: z.enum(Object.keys(WEBHOOK_LABELS) as [WebhookField, ...WebhookField[]]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_response_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('When it will be tried next; null unless pending'),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.output<typeof webhookDelivery>;

export const WEBHOOK_DELIVERY_MESSAGES = {
  deliveryQueued: 'Delivery queued',
  testEventQueued: 'Test event queued',
  deliveryNotFound: 'Delivery not found',
  noUrlForTestEvent: 'Save a Collections or Payments web hook URL first: a test event is sent to each URL that is set.',
  testEventData: 'A test event from Sente: your endpoint received it, and can check its signature with your encryption key.',
  noUrlSet: (label: string) => `No ${label} web hook URL was set`,
  signingKeyUnreadable: 'The encryption key can no longer be read by the server: generate new keys',
  timedOut: (seconds: number) => `No answer within ${seconds} s`,
  notDelivered: 'The delivery could not be attempted',
  // the web page
  title: 'Recent deliveries',
  empty: 'No deliveries yet. Events appear here as payments and transfers happen, or send a test event.',
  emptyNoUrl: 'Nothing is sent while no web hook URL is set. Save a Collections or Payments URL above to receive events.',
  sendTestEvent: 'Send test event',
  resend: 'Resend',
} as const;
