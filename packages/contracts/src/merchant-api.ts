/**
 * The merchant REST API under /v1 (decision 026): what a merchant's own server sends, the error codes it can act on and
 * the messages. The answers' shapes are in merchant-api-objects.ts. These zod schemas are also the API's OpenAPI
 * document: the server generates it from them.
 */
import { z } from 'zod';
import { KAMPALA_OFFSET_MS } from './dates.ts';
import { formatNumber } from './format.ts';
import { LINK_MESSAGES, MESSAGES } from './messages.ts';
import {
  CHANNEL_LABELS,
  COLLECTION_STATUSES,
  MAX_PAYMENT_AMOUNT,
  MOBILE_MONEY_CHANNELS,
  type MobileMoneyChannel,
  networkOf,
  normalizeUgandanPhone,
} from './payments.ts';
import { MAX_TRANSFER_AMOUNT } from './transfers.ts';
import { REASON_HTML_TAGS } from './transfers-input.ts';

/** Where the API serves its readable reference and its OpenAPI document (the API's own pages, not the app's). */
export const API_REFERENCE_PATH = '/docs';
export const OPENAPI_DOCUMENT_PATH = '/v1/openapi.json';

/** The machine-readable `code` of every error answer of /v1, beside its `message` for people. */
export const API_ERROR_CODES = {
  invalidRequest: 'invalid_request',
  invalidApiKey: 'invalid_api_key',
  accountNotApproved: 'account_not_approved',
  notFound: 'not_found',
  idempotencyKeyReused: 'idempotency_key_reused',
  insufficientBalance: 'insufficient_balance',
  liveUnavailable: 'live_unavailable',
  payoutRule: 'payout_rule',
  rateLimited: 'rate_limited',
  internalError: 'internal_error',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
export const API_ERROR_CODE_VALUES = Object.values(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]];

/** A collection's `metadata`: Stripe's rule, a flat object of text values, small enough to store with every row. */
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500 } as const;
export const REFERENCE_MAX_LENGTH = 100;
export const CUSTOMER_NAME_MAX_LENGTH = 150;
export const PAYOUT_REASON_MAX_LENGTH = 500;
export const REFUND_REASON_MAX_LENGTH = 500;
/** Stripe's bound: an Idempotency-Key is any key of the merchant's own, such as an order number or a UUID. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Who the transfers list and its export name as the creator of a payout an API key asked for. */
export const API_KEY_CREATOR = { firstname: 'API', lastname: 'key' } as const;
/** The reason of a payout asked for without one, as the transfers list shows it. */
export const DEFAULT_PAYOUT_REASON = 'Payout';

const otherChannel = (channel: MobileMoneyChannel) => MOBILE_MONEY_CHANNELS.find((other) => other !== channel)!;

export const MERCHANT_API_MESSAGES = {
  keyMissing: 'Send your secret API key in the Authorization header: Bearer sk_test_... or Bearer sk_live_...',
  keyInvalid:
    'This API key is not valid. Keys stop working as soon as new ones are generated: copy the current key from the Api Keys page.',
  notApproved: 'This account is not yet approved for live payments: use the test key until Sente approves it.',
  liveCollectionsUnavailable:
    'Live mobile-money collections are not available yet: no live provider is configured. No collection was made.',
  insufficientBalance: 'The balance is too low for this payout and its charge. Nothing was paid out.',
  collectionNotFound: 'No such collection',
  payoutNotFound: 'No such payout',
  refundNotFound: 'No such refund',
  collectionIdInvalid: "collection_id must be the id of a collection of this key's environment",
  refundReasonInvalid: `reason must be 1 to ${REFUND_REASON_MAX_LENGTH} characters on one line`,
  endpointNotFound: 'No such endpoint: the API reference is at /docs',
  bodyNotObject: MESSAGES.bodyNotObject,
  queryInvalid: 'The query string is not valid',
  unknownFields: (fields: string[]) => `Unknown field${fields.length === 1 ? '' : 's'}: ${fields.join(', ')}`,
  amountInvalid: (max: number) => `amount must be a whole number of UGX from 1 to ${formatNumber(max)}`,
  phoneInvalid: 'phone must be a Ugandan mobile number: 07XXXXXXXX, 2567XXXXXXXX or +2567XXXXXXXX',
  phoneNotMobileMoney: 'phone must be an MTN (076-079) or Airtel (070, 074, 075) number',
  channelInvalid: `channel must be ${MOBILE_MONEY_CHANNELS.join(' or ')}`,
  phoneNotOnChannel: (channel: MobileMoneyChannel) =>
    `phone is not a number of ${CHANNEL_LABELS[channel]}: use channel ${otherChannel(channel)} or a number of that network`,
  referenceInvalid: `reference must be 1 to ${REFERENCE_MAX_LENGTH} characters, without line breaks or control characters`,
  customerNameInvalid: `customer_name must be 1 to ${CUSTOMER_NAME_MAX_LENGTH} characters`,
  metadataInvalid: `metadata must be an object of at most ${METADATA_LIMITS.keys} keys of 1 to ${METADATA_LIMITS.keyLength} characters, each with a text value of at most ${METADATA_LIMITS.valueLength} characters`,
  reasonInvalid: `reason must be 1 to ${PAYOUT_REASON_MAX_LENGTH} characters`,
  reasonWithoutText: `reason has no text once markup is removed: only ${REASON_HTML_TAGS.join(', ')} are kept, without attributes`,
  statusInvalid: `status must be ${COLLECTION_STATUSES.join(', ')}`,
  dateInvalid: (field: string) =>
    `${field} must be an ISO 8601 date (2026-11-24, a whole day in Kampala time) or date-time with a zone (2026-11-24T08:00:00+03:00)`,
  datesInverted: 'from must not be later than to',
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (letters, digits, punctuation, spaces between them)`,
} as const;
const M = MERCHANT_API_MESSAGES;

/**
 * The Idempotency-Key header: 1 to 255 printable ASCII characters. HTTP drops spaces at either end of a header value,
 * so a key starts and ends with a visible character; tabs, control characters and non-ASCII bytes are refused.
 */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;
export const idempotencyKey = z
  .string({ error: M.idempotencyKeyInvalid })
  .min(1, M.idempotencyKeyInvalid)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, M.idempotencyKeyInvalid)
  .regex(IDEMPOTENCY_KEY, M.idempotencyKeyInvalid)
  .meta({
    description:
      `A key of yours for this request, 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters: an order number or a ` +
      'UUID. A retry with the same key and body answers the first result and moves no money twice; the same key with ' +
      'another body is a 409. For example 42, order-1001 or a UUID.',
  });

/** An object's own errors: a body that is not an object, and fields the API does not know (a typo is not ignored). */
export const objectError = (notObject: string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' ? M.unknownFields(issue.keys) : notObject;

const amount = (max: number) =>
  z
    .int({ error: M.amountInvalid(max) })
    .min(1, M.amountInvalid(max))
    .max(max, M.amountInvalid(max))
    .meta({ description: 'Whole Uganda shillings (UGX has no minor unit)', examples: [25_000] });

/** Printable text of one line: no control characters (tabs, line breaks, NUL) anywhere. */
export const ONE_LINE = /^[^\p{Cc}]*$/u;
/** One line holding at least one character that is not white space: what the document's pattern says. */
const ONE_LINE_NOT_BLANK = /^[^\p{Cc}]*[^\s\p{Cc}][^\p{Cc}]*$/u;
/**
 * Text of one line, by the app's one trim rule (validation.ts `requiredString`): the length as sent, every character
 * counted, then stored without the white space at its ends. Every check is on the value as sent, so the document's
 * maxLength and pattern say exactly what is taken; the trim comes last.
 */
export const oneLine = (max: number, message: string) =>
  z.string({ error: message }).max(max, message).regex(ONE_LINE_NOT_BLANK, message).trim();

const phone = z
  .string({ error: M.phoneInvalid })
  .max(20, M.phoneInvalid)
  .meta({
    description: 'Ugandan mobile number: 07XXXXXXXX, 2567XXXXXXXX or +2567XXXXXXXX; answered as 2567XXXXXXXX',
    examples: ['0772123456'],
  })
  .refine((value) => normalizeUgandanPhone(value) !== null, M.phoneInvalid)
  .transform((value) => normalizeUgandanPhone(value) as string);

const metadata = z
  .record(
    z
      .string({ error: M.metadataInvalid })
      .min(1, M.metadataInvalid)
      .max(METADATA_LIMITS.keyLength, M.metadataInvalid)
      .regex(ONE_LINE, M.metadataInvalid),
    z.string({ error: M.metadataInvalid }).max(METADATA_LIMITS.valueLength, M.metadataInvalid),
    { error: M.metadataInvalid },
  )
  .refine((value) => Object.keys(value).length <= METADATA_LIMITS.keys, M.metadataInvalid)
  .meta({
    description: `Your own key-value pairs, answered with the collection and in its webhooks: at most ${METADATA_LIMITS.keys} keys`,
    maxProperties: METADATA_LIMITS.keys,
    examples: [{ order: '1001' }],
  });

/** POST /v1/collections: ask a payer to approve a mobile-money payment on their phone. */
export const collectionRequest = z
  .strictObject(
    {
      amount: amount(MAX_PAYMENT_AMOUNT),
      phone,
      channel: z.enum(MOBILE_MONEY_CHANNELS, { error: M.channelInvalid }).describe("The payer's network"),
      reference: oneLine(REFERENCE_MAX_LENGTH, M.referenceInvalid)
        .optional()
        .meta({
          description: 'Your own reference, such as an order number; need not be unique, and lists can be filtered by it',
          examples: ['INV-2026-001'],
        }),
      customer_name: oneLine(CUSTOMER_NAME_MAX_LENGTH, M.customerNameInvalid)
        .optional()
        .meta({ description: "The payer's name, for the customers list; their number when absent", examples: ['Okello John'] }),
      metadata: metadata.optional(),
    },
    { error: objectError(M.bodyNotObject) },
  )
  .superRefine((input, ctx) => {
    if (networkOf(input.phone) !== input.channel) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: M.phoneNotOnChannel(input.channel) });
    }
  })
  .transform(({ phone: msisdn, customer_name, ...input }) => ({
    ...input,
    msisdn,
    customerName: customer_name ?? null,
    reference: input.reference ?? null,
    metadata: input.metadata ?? null,
  }));
export type CollectionRequest = z.output<typeof collectionRequest>;

/** POST /v1/payouts: pay money out of the balance to a mobile-money number. */
export const payoutRequest = z
  .strictObject(
    {
      amount: amount(MAX_TRANSFER_AMOUNT),
      phone: phone.refine((msisdn) => networkOf(msisdn) !== null, M.phoneNotMobileMoney),
      reason: oneLine(PAYOUT_REASON_MAX_LENGTH, M.reasonInvalid)
        .optional()
        .meta({
          description: `What the payout is for, shown in the transfers list; "${DEFAULT_PAYOUT_REASON}" when absent. Cleaned when written as the dashboard's reasons are (the tags ${REASON_HTML_TAGS.join(', ')} kept without attributes, any other markup removed) and answered as its words`,
          examples: ['Supplier invoice 17'],
        }),
    },
    { error: objectError(M.bodyNotObject) },
  )
  .transform(({ phone: msisdn, reason, amount }) => ({ amount, msisdn, reason: reason ?? DEFAULT_PAYOUT_REASON }));
export type PayoutRequest = z.output<typeof payoutRequest>;

/** POST /v1/refunds (decision 053): pay a successful collection back to its payer, in whole or in part. */
export const refundRequest = z.strictObject(
  {
    collection_id: z
      .string({ error: M.collectionIdInvalid })
      .min(1, M.collectionIdInvalid)
      .max(100, M.collectionIdInvalid)
      .meta({ description: 'The id of the successful collection to refund', examples: ['3f9c2e8a-5b1d-4c7e-9a2f-6d8b1e4c7a90'] }),
    amount: amount(MAX_PAYMENT_AMOUNT)
      .optional()
      .meta({
        description:
          'Whole UGX, at most what is left to refund (the amount less amount_refunded); everything that is left when absent',
        examples: [12_500],
      }),
    reason: oneLine(REFUND_REASON_MAX_LENGTH, M.refundReasonInvalid)
      .optional()
      .meta({
        description: "Why, for your records and the payer's receipt; cleaned when written",
        examples: ['Order 1001 cancelled'],
      }),
  },
  { error: objectError(M.bodyNotObject) },
);
export type RefundRequest = z.output<typeof refundRequest>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A bound of the list's date range: a date is a whole Kampala day (decision 021), a date-time is taken with its zone.
 * Answers the range's edge as an instant: `from` where the range starts, `to` where it ends (a day's end is exclusive).
 */
const rangeBound = (field: 'from' | 'to') =>
  z
    .string({ error: M.dateInvalid(field) })
    .max(40, M.dateInvalid(field))
    .transform((text, ctx) => {
      const day = DATE.exec(text);
      if (day) {
        const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
        const midnight = Date.UTC(year, month - 1, date);
        const valid = new Date(midnight).getUTCDate() === date && new Date(midnight).getUTCMonth() === month - 1;
        if (valid) {
          const start = midnight - KAMPALA_OFFSET_MS;
          return { at: new Date(field === 'from' ? start : start + 86_400_000), inclusive: field === 'from' };
        }
      } else if (z.iso.datetime({ offset: true }).safeParse(text).success) {
        return { at: new Date(text), inclusive: true };
      }
      ctx.addIssue({ code: 'custom', message: M.dateInvalid(field) });
      return z.NEVER;
    })
    .describe(
      field === 'from'
        ? 'Collections created at or after this date (a whole Kampala day) or date-time'
        : 'Collections created on or before this date (a whole Kampala day) or at or before this date-time',
    );

/** GET /v1/collections: newest first, keyset-paged, narrowed by status, reference and date range. */
export const collectionsQuery = z
  .strictObject(
    {
      cursor: z.string({ error: LINK_MESSAGES.invalidCursor }).optional().describe('The nextCursor of the page before'),
      status: z.enum(COLLECTION_STATUSES, { error: M.statusInvalid }).optional(),
      reference: oneLine(REFERENCE_MAX_LENGTH, M.referenceInvalid).optional().describe('Only collections with this reference'),
      from: rangeBound('from').optional(),
      to: rangeBound('to').optional(),
    },
    { error: objectError(M.queryInvalid) },
  )
  .refine(({ from, to }) => !from || !to || (to.inclusive ? from.at <= to.at : from.at < to.at), {
    message: M.datesInverted,
    path: ['from'],
  });
export type CollectionsQuery = z.output<typeof collectionsQuery>;
