// The steps of a payment's timeline and their names, apart from the schemas of payments-answers.ts: the payment
// drawer reads the names at run time, and a module that builds zod schemas would load zod with it (decision 050).
/**
 * What a payment's timeline records, oldest first: it was created; the prompt went to the payer's
 * phone (or the card was sent); each answer of the provider to a request of ours and each callback it made; it
 * settled or failed; its receipt went out; each delivery of its webhook; each refund started, and how it ended.
 */
export const COLLECTION_EVENT_KINDS = [
  'created',
  'prompt_sent',
  'provider_answer',
  'callback',
  'settled',
  'failed',
  'receipt_sent',
  'receipt_sms_sent',
  'webhook_delivery',
  'refund_started',
  'refund_successful',
  'refund_failed',
] as const;
export type CollectionEventKind = (typeof COLLECTION_EVENT_KINDS)[number];

/** How the dashboard names each step of a payment's timeline. */
export const COLLECTION_EVENT_LABELS: Record<CollectionEventKind, string> = {
  created: 'Payment started',
  prompt_sent: 'Prompt sent to the payer',
  provider_answer: 'Provider answered',
  callback: 'Provider called back',
  settled: 'Payment successful',
  failed: 'Payment failed',
  receipt_sent: 'Receipt sent',
  receipt_sms_sent: 'Receipt sent by SMS',
  webhook_delivery: 'Webhook delivery',
  refund_started: 'Refund started',
  refund_successful: 'Refund successful',
  refund_failed: 'Refund failed',
};
