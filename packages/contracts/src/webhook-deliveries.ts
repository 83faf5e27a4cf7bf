import type { Environment } from './constants.ts';
import type { WebhookField } from './developers.ts';

/**
 * Issue 16: the events a merchant's webhook URLs receive. Collections go to the Collections URL; wallet transfers,
 * settlements and payouts, as their status changes, go to the Payments URL. A test event goes to each URL that is set.
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
  'test.event',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = 'test.event' satisfies WebhookEventType;

/** The body of every delivery, signed as it is sent (Standard Webhooks: webhook-id is `id`). */
export type WebhookEventBody = {
  id: string;
  type: WebhookEventType;
  environment: Environment;
  created_at: string;
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
export type WebhookDelivery = {
  id: string;
  type: string;
  destination: WebhookField;
  status: WebhookDeliveryStatus;
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  /** When it will be tried next; null unless pending. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
};

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
  sendTestEvent: 'Send test event',
  resend: 'Resend',
} as const;
