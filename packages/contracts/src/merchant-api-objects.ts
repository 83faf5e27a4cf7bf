/**
 * What the merchant REST API (/v1, issue 16) answers: the collection, payout and balance objects inside DESIGN §3's
 * envelope, and the error envelope with its machine-readable code. The server checks every answer against these
 * schemas, and its OpenAPI document is generated from them.
 */
import { z } from 'zod';
import { ENVIRONMENTS } from './constants.ts';
import { API_ERROR_CODE_VALUES } from './merchant-api.ts';
import { COLLECTION_STATUSES, PAYMENT_CHANNELS } from './payments.ts';

const instant = z.iso.datetime().describe('ISO 8601, in UTC');
const environment = z.enum(ENVIRONMENTS).describe('test for the sk_test_ key, production for the sk_live_ key');

export const apiCollection = z
  .object({
    id: z.uuid(),
    status: z.enum(COLLECTION_STATUSES).describe('pending until the payer approves or refuses, or the request expires'),
    amount: z.int(),
    fee: z.int().describe('Kept by Sente when the collection succeeds; the balance grows by amount less fee'),
    currency: z.literal('UGX'),
    channel: z.enum(PAYMENT_CHANNELS).describe('CARD only for payments taken on a payment page'),
    phone: z.string().nullable().describe("The payer's number as 2567XXXXXXXX; null for a card"),
    customer_name: z.string(),
    reference: z.string().nullable(),
    metadata: z.record(z.string(), z.string()).nullable(),
    transaction_id: z.string().describe('The id the payer and Sente support know the payment by'),
    failure_reason: z.string().nullable(),
    environment,
    created_at: instant,
    completed_at: instant.nullable(),
  })
  .meta({ id: 'Collection', description: 'A payment into the balance, asked for through the API or taken on a payment page' });
export type ApiCollection = z.output<typeof apiCollection>;

export const apiPayout = z
  .object({
    id: z.uuid(),
    status: z.enum(['pending', 'successful', 'failed']).describe('pending until the mobile-money provider confirms'),
    amount: z.int(),
    charge: z.int().describe('Taken from the balance with the amount; returned with it when the payout fails'),
    currency: z.literal('UGX'),
    phone: z.string().describe('The receiving number'),
    reason: z.string(),
    failure_reason: z.string().nullable(),
    environment,
    created_at: instant,
    completed_at: instant.nullable(),
  })
  .meta({ id: 'Payout', description: 'Money paid out of the balance to a mobile-money number' });
export type ApiPayout = z.output<typeof apiPayout>;

export const apiBalance = z
  .object({
    environment,
    currency: z.literal('UGX'),
    available: z.int().describe('What payouts can draw on now; pending payouts are already taken out'),
  })
  .meta({ id: 'Balance', description: "The key's environment's balance" });
export type ApiBalance = z.output<typeof apiBalance>;

export const apiCollectionPage = z
  .object({
    items: z.array(apiCollection),
    lastCursor: z.string().nullable(),
    nextCursor: z.string().nullable().describe('Send it as ?cursor= for the next page; null on the last page'),
    totalItems: z.int(),
    totalPages: z.int(),
  })
  .meta({ id: 'CollectionPage', description: 'One page of collections, newest first' });

/** DESIGN §3's success envelope around `data`. */
export const success = <T extends z.ZodType>(data: T, description: string) =>
  z.object({ status: z.literal('success'), data }).describe(description);

/** DESIGN §3's error envelope, with the machine-readable code. */
export const apiError = z
  .object({
    status: z.literal('error'),
    message: z.string().describe('What went wrong, for a person'),
    code: z.enum(API_ERROR_CODE_VALUES).describe('What went wrong, for a program'),
    errors: z.array(z.string()).optional().describe('Every problem found in the request, when there are several'),
  })
  .meta({ id: 'Error' });
export type ApiError = z.output<typeof apiError>;
