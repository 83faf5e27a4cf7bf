/**
 * What the merchant REST API (/v1, decision 026) answers: the collection, payout and balance objects inside the
 * envelope, and the error envelope with its machine-readable code. The server checks every answer against these
 * schemas, and its OpenAPI document is generated from them.
 */
import { z } from 'zod';
import { CURRENCIES, ENVIRONMENTS } from './constants.ts';
import { LINK_KINDS } from './links.ts';
import { API_ERROR_CODE_VALUES } from './merchant-api.ts';
import { COLLECTION_STATUSES, PAYMENT_CHANNELS } from './payments.ts';
import { extraDataEntry } from './payments-answers.ts';
import { TRANSFER_STATUSES } from './transfers.ts';

export const instant = z.iso.datetime().meta({ description: 'ISO 8601, in UTC', examples: ['2026-11-24T08:15:00.000Z'] });
export const id = z.uuid().meta({ examples: ['3f9c2e8a-5b1d-4c7e-9a2f-6d8b1e4c7a90'] });
/** A whole number of UGX, with an example a reader recognises (the schema's own would be the smallest integer). */
const ugx = (example: number, description?: string) =>
  z.int().meta({ examples: [example], ...(description ? { description } : {}) });
export const environment = z.enum(ENVIRONMENTS).describe('test for the sk_test_ key, production for the sk_live_ key');

export const apiCollection = z
  .object({
    id,
    status: z.enum(COLLECTION_STATUSES).describe('pending until the payer approves or refuses, or the request expires'),
    amount: ugx(25_000),
    fee: ugx(750, 'Kept by Sente when the collection succeeds; the balance grows by amount less fee'),
    currency: z.enum(CURRENCIES),
    channel: z.enum(PAYMENT_CHANNELS).describe('CARD only for payments taken on a payment page'),
    phone: z
      .string()
      .nullable()
      .meta({ description: "The payer's number as 2567XXXXXXXX; null for a card", examples: ['256772123456'] }),
    customer_name: z.string().meta({ examples: ['Okello John'] }),
    reference: z
      .string()
      .nullable()
      .meta({ examples: ['INV-2026-001'] }),
    metadata: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ examples: [{ order: '1001' }] }),
    transaction_id: z
      .string()
      .meta({ description: 'The id the payer and Sente support know the payment by', examples: ['SNTK7M2Q9X4B8D3F'] }),
    failure_reason: z.string().nullable(),
    amount_refunded: ugx(
      0,
      "The sum of the collection's refunds that are pending or successful: what can no longer be refunded (a failed refund's amount can be refunded again)",
    ),
    amount_refund_pending: ugx(
      0,
      'The part of amount_refunded not paid yet: its refunds that are pending (awaiting approval, or sent and not yet confirmed). What is paid back is amount_refunded less this',
    ),
    email: z
      .string()
      .nullable()
      .meta({ description: "The payer's e-mail, when the payment page asked for it", examples: ['okello@example.com'] }),
    extra_data: z
      .array(extraDataEntry)
      .meta({ description: "The payment page's extra fields as the payer filled them in; empty for an API collection" }),
    link: z
      .object({ id, ref: z.string(), kind: z.enum(LINK_KINDS), title: z.string() })
      .nullable()
      .meta({ description: 'The payment page it was taken on, as the page is now; null for an API collection' }),
    environment,
    created_at: instant,
    completed_at: instant.nullable(),
  })
  .meta({ id: 'Collection', description: 'A payment into the balance, asked for through the API or taken on a payment page' });
export type ApiCollection = z.output<typeof apiCollection>;

export const apiPayout = z
  .object({
    id,
    status: z
      .enum(TRANSFER_STATUSES)
      .describe('pending until the provider confirms; rejected when it failed, as the payout.rejected webhook says'),
    amount: ugx(20_000),
    charge: ugx(1000, 'Taken from the balance with the amount; returned with it when the payout fails'),
    currency: z.enum(CURRENCIES),
    phone: z.string().meta({ description: 'The receiving number', examples: ['256752000111'] }),
    reason: z.string().meta({ examples: ['Supplier invoice 17'] }),
    failure_reason: z.string().nullable(),
    batch_id: id
      .nullable()
      .describe('The payout batch this payout is a row of (GET /v1/payout-batches/{id}); null for a single payout'),
    environment,
    created_at: instant,
    completed_at: instant.nullable(),
  })
  .meta({ id: 'Payout', description: 'Money paid out of the balance to a mobile-money number' });
export type ApiPayout = z.output<typeof apiPayout>;

/** The statuses of a refund: pending until the provider confirms, then successful or failed (its amount back in the balance). */
export const REFUND_STATUSES = ['pending', 'successful', 'failed'] as const;

export const apiRefund = z
  .object({
    id,
    collection_id: id.describe('The collection refunded'),
    amount: ugx(12_500, "Taken from the balance when the refund is made; the collection's fee is not returned"),
    currency: z.enum(CURRENCIES),
    status: z
      .enum(REFUND_STATUSES)
      .describe(
        "pending until the provider confirms the money reached the payer's mobile money; failed when it did not, and the amount is back in the balance",
      ),
    awaiting_approval: z
      .boolean()
      .describe(
        "true while a pending refund above the account's approval threshold waits for a second member's approval: it is not sent to the provider until then, and declined it fails",
      ),
    reason: z
      .string()
      .nullable()
      .meta({ examples: ['Order 1001 cancelled'] }),
    failure_reason: z.string().nullable(),
    environment,
    created_at: instant,
    completed_at: instant.nullable(),
  })
  .meta({ id: 'Refund', description: "Money paid back from the balance to a collection's payer, in whole or in part" });
export type ApiRefund = z.output<typeof apiRefund>;

export const apiBalance = z
  .object({
    environment,
    currency: z.enum(CURRENCIES),
    available: ugx(150_000, 'What payouts can draw on now; pending payouts are already taken out'),
  })
  .meta({ id: 'Balance', description: "The key's environment's balance" });
export type ApiBalance = z.output<typeof apiBalance>;

export const apiCollectionPage = z
  .object({
    items: z.array(apiCollection),
    lastCursor: z.string().nullable(),
    nextCursor: z.string().nullable().describe('Send it as ?cursor= for the next page; null on the last page'),
    totalItems: z.int().meta({ examples: [42] }),
    totalPages: z.int().meta({ examples: [3] }),
  })
  .meta({ id: 'CollectionPage', description: 'One page of collections, newest first' });

/** The success envelope around `data`. */
export const success = <T extends z.ZodType>(data: T, description: string) =>
  z.object({ status: z.literal('success'), data }).describe(description);

/** The error envelope, with the machine-readable code. */
export const apiError = z
  .object({
    status: z.literal('error'),
    message: z.string().describe('What went wrong, for a person'),
    code: z.enum(API_ERROR_CODE_VALUES).describe('What went wrong, for a program'),
    errors: z.array(z.string()).optional().describe('Every problem found in the request, when there are several'),
    details: z
      .array(
        z.object({
          row: z
            .int()
            .optional()
            .describe("The row's place in the request's rows, from 1, when the problem is a row's (a payout batch)"),
          field: z.string().meta({
            description: "The field: a row's column, or the body's field by its path",
            examples: ['amount'],
          }),
          code: z.string().meta({
            description: "What rule it broke: a row check's code, or the schema's (invalid_type, too_big, ...)",
            examples: ['amount_too_small'],
          }),
          message: z.string().meta({ examples: ['The amount must be at least UGX 500.'] }),
        }),
      )
      .optional()
      .describe('The problems of a refused body by field (and by row), when it names them'),
  })
  .meta({ id: 'Error' });
export type ApiError = z.output<typeof apiError>;
