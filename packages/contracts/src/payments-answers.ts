/**
 * The answers of the collection and customer routes (spec §3, §7) as zod schemas: each route's response schema
 * (issue 29), which serialises what it sends, and the types payments.ts names. Kept out of payments.ts, which the
 * lean customer pages import whole and which therefore holds no zod.
 */
import { z } from 'zod';
import { pageOf } from './api.ts';
import { CURRENCIES } from './constants.ts';
import { EXTRA_FIELD_TYPES, LINK_KINDS } from './links.ts';
import { COLLECTION_STATUSES, PAYMENT_CHANNELS } from './payments.ts';

/** An extra field as a link keeps it and every answer shows it (links.ts `extraField` is the input rule). */
export const extraFieldAnswer = z.object({
  type: z.enum(EXTRA_FIELD_TYPES),
  label: z.string(),
  options: z.array(z.string()),
});

export const extraDataEntry = z.object({ label: z.string(), value: z.string() });

/** A row of GET /api/collections (spec §3 Collection). */
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
  extra_data: z.array(extraDataEntry),
  link: z.object({ ref: z.string(), kind: z.enum(LINK_KINDS), title: z.string() }).nullable(),
});

/** An item of GET /api/payment-link/collections/{ref} (spec §7), for the live page. */
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
 * GET /api/payment-link/collections/{ref}?cursor=: the link, its successful total and one page of its collections,
 * newest first, keyset-paged like every list (DESIGN §3).
 */
export const livePage = pageOf(liveCollection).extend({
  link: z.object({
    ref: z.string(),
    title: z.string(),
    kind: z.enum(LINK_KINDS),
    extra_fields: z.array(extraFieldAnswer),
  }),
  total_successful: z.number(),
});

/** A row of GET /api/customers (spec §3 Customer). */
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
  total_paid: z.number(),
});
