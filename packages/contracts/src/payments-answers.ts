/**
 * The answers of the public payment routes and of the collection and customer routes as zod schemas: each route's response schema
 * (decision 046), which serialises what it sends, and the types payments.ts names. Kept out of payments.ts, which the
 * lean customer pages import whole and which therefore holds no zod.
 */
import { z } from 'zod';
import { pageOf } from './api.ts';
import { COLLECTION_EVENT_KINDS } from './collection-events.ts';
import { CURRENCIES, ENVIRONMENTS } from './constants.ts';
import { extraFieldAnswer, LINK_KINDS, LINK_VISIBILITIES } from './links.ts';
import { COLLECTION_STATUSES, PAYMENT_CHANNELS } from './payments.ts';

/** An attachment as the pay page lists it: `url` opens the file while it is attached to the active link. */
export const publicAttachment = z.object({
  name: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
});

/** GET /api/public/links/{ref}: what a customer page shows. */
export const publicLink = z.object({
  kind: z.enum(LINK_KINDS),
  ref: z.string(),
  environment: z.enum(ENVIRONMENTS).describe("The environment a payment made now would be taken in (the account's active one)"),
  title: z.string(),
  description: z.string().nullable(),
  amount: z.number().describe('Payment link price (when fixed_amount), digital item price; 0 for donations and dynamic charges'),
  fixed_amount: z.boolean(),
  original_price: z.number().nullable().describe('Digital items: the struck-through original price, when the merchant shows one'),
  category: z.string().nullable(),
  type: z.enum(LINK_VISIBILITIES),
  beneficiary: z.string().nullable(),
  image_url: z.string().nullable(),
  extra_fields: z.array(extraFieldAnswer),
  merchant: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  raised: z.number().nullable().describe('Donation links: successful donations so far'),
  target: z.number().nullable().describe('Donation links: the target (0 when none was set)'),
  disabled: z.boolean().describe('A disabled payment link or a hidden digital item: the page shows that it is unavailable'),
  attachments: z
    .array(publicAttachment)
    .describe("A payment link's files for the payer to open; none while the link is unavailable, none on other kinds"),
});

/** POST /api/public/links/{ref}/pay: the started payment; while pending, the seconds it waits for the payer's approval. */
export const payAnswer = z.object({
  id: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  expires_in_seconds: z.number().int().optional(),
});

/** GET /api/public/payments/{id}, and what POST /api/public/payments/{id}/cancel leaves. */
export const publicPayment = z.object({
  id: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  message: z.string().optional(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  channel: z.enum(PAYMENT_CHANNELS),
  transaction_id: z.string(),
  environment: z.enum(ENVIRONMENTS),
  expires_in_seconds: z
    .number()
    .int()
    .optional()
    .describe(
      "While pending: seconds until the payment expires and fails (PAYMENT_EXPIRY_SECONDS after it started), counted by the server so that a payer's wrong clock cannot shorten or stretch the wait the page shows",
    ),
  redirect_url: z
    .string()
    .optional()
    .describe("Once paid: the merchant's redirection URL with the payment's signed reference and status (docs/redirects.md)"),
  download_url: z.string().optional().describe('Digital items, once paid: an expiring signed link to the product file'),
  download_expires_at: z.string().optional(),
  download_emailed: z
    .boolean()
    .optional()
    .describe('Digital items, once paid: the receipt with a longer-lived download link goes to the e-mail the buyer gave'),
  buyer_note: z.string().optional(),
  paid_at: z.string().optional().describe('Once paid: when the payment succeeded (ISO 8601)'),
  receipt_url: z
    .string()
    .optional()
    .describe("Once paid: the payer's receipt page, to open, print (A4 or an 80 mm till slip) or save as a PDF"),
});

export const extraDataEntry = z.object({ label: z.string(), value: z.string() });

/** A row of GET /api/collections: a collection. */
export const collectionRow = z.object({
  id: z.string(),
  created_at: z.string(),
  msisdn: z.string().nullable().describe('null for a card payment'),
  customer: z.object({ names: z.string() }),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  fee: z.number(),
  collection_channel: z.enum(PAYMENT_CHANNELS),
  transaction_id: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  /** Its refunds that are paid (successful), summed (decisions 057 and 073). */
  amount_refunded: z.number(),
  /** Its refunds that are not paid yet (awaiting approval, or sent and not yet confirmed), summed (decision 073). */
  amount_refund_pending: z.number(),
  extra_data: z.array(extraDataEntry),
  link: z.object({ ref: z.string(), kind: z.enum(LINK_KINDS), title: z.string() }).nullable(),
});

/**
 * One step of a payment's timeline: when, what, and what was said: the provider's status or message, the failure's
 * reason, the address a receipt went to, a webhook's URL and HTTP status. `ok` is false for a failure or a refused
 * delivery, true for a success, null where neither applies.
 */
export const collectionEvent = z.object({
  at: z.string(),
  kind: z.enum(COLLECTION_EVENT_KINDS),
  detail: z.string().nullable(),
  ok: z.boolean().nullable(),
});
export type CollectionEvent = z.output<typeof collectionEvent>;

/** A refund of a payment as the dashboard shows it (decision 053): the /v1 refund's facts, in the dashboard's words. */
export const collectionRefund = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(['pending', 'successful', 'failed']),
  awaiting_approval: z.boolean(),
  reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type CollectionRefund = z.output<typeof collectionRefund>;

/**
 * GET /api/collections/{id}: one payment of the account, in its active environment, as the list
 * shows it and with all there is to know: gross (`amount`), `fee` and `net`; the payer's e-mail; the provider's own
 * reference; why it failed; the merchant's `reference` of a /v1 collection; when it completed; its timeline; whether
 * a receipt can be sent again (a successful payment whose payer gave an e-mail); its refunds (decision 053): how
 * much is refunded (paid) and pending (decision 073), how much can still be, or why none can, and each refund, newest
 * first.
 */
export const collectionDetail = collectionRow.extend({
  net: z.number(),
  payer_email: z.string().nullable(),
  provider_reference: z.string().nullable(),
  status_message: z.string().nullable(),
  reference: z.string().nullable(),
  completed_at: z.string().nullable(),
  timeline: z.array(collectionEvent),
  can_resend_receipt: z.boolean(),
  receipt_url: z.string().nullable().describe("A successful payment's receipt page, as its payer has it; null otherwise"),
  refundable: z
    .number()
    .describe(
      'What a refund can take now: the amount less amount_refunded and amount_refund_pending, or 0 when none can be made',
    ),
  refund_blocked: z.string().nullable().describe('Why no refund can be made, in words for the merchant; null when one can'),
  refunds: z.array(collectionRefund),
});
export type CollectionDetail = z.output<typeof collectionDetail>;

/** An item of GET /api/payment-link/collections/{ref}, for the live page. */
export const liveCollection = z.object({
  id: z.string(),
  created_at: z.string(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  collection: z.object({
    status: z.enum(COLLECTION_STATUSES),
    amount: z.number(),
    msisdn: z.string().nullable(),
    customer: z.object({ names: z.string() }),
    collection_channel: z.enum(PAYMENT_CHANNELS),
  }),
  extra_data: z.array(extraDataEntry),
});

/**
 * GET /api/payment-link/collections/{ref}?cursor=: the link, its successful total and how many payments make it, and
 * one page of its collections of every status, newest first, keyset-paged like every list: totalItems
 * counts that list, so it is not the number of payments behind the total.
 */
export const livePage = pageOf(liveCollection).extend({
  link: z.object({
    ref: z.string(),
    title: z.string(),
    kind: z.enum(LINK_KINDS),
    extra_fields: z.array(extraFieldAnswer),
  }),
  total_successful: z.number(),
  successful_count: z.number().int().describe('How many successful collections make total_successful'),
});

/** A row of GET /api/customers: a customer. */
export const customerRow = z.object({
  id: z.string(),
  names: z.string().describe('The name of the latest payment'),
  other_names: z
    .array(z.string())
    .describe('Earlier names paid under from the same phone or e-mail, the most recently used first, at most OTHER_NAMES_SHOWN'),
  other_names_total: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  payments_count: z.number().int(),
  /** Their successful payments, less what paid refunds took of them (decisions 057 and 073). */
  total_paid: z.number(),
  /** What refunds of their payments that are not paid yet will take (decision 073): not yet off total_paid. */
  refund_pending: z.number(),
  /** When their latest successful payment was made. */
  last_paid_at: z.string().nullable(),
});
