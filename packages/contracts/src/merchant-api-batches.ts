/**
 * Payout batches in the merchant REST API (/v1): what a merchant's server sends to propose a batch, and the batch and
 * row objects it reads back. An API key proposes a batch; a member approves it in the dashboard.
 */
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  idempotencyKey,
  MERCHANT_API_MESSAGES,
  ONE_LINE,
  objectError,
  oneLine,
} from './merchant-api.ts';
import { environment, id, instant } from './merchant-api-objects.ts';
import { LINK_MESSAGES } from './messages.ts';
import { BATCH_ROW_STATUSES, BATCH_STATUSES, ROW_NAME_CHECKS } from './payout-batches.ts';
import { BATCH_LIMITS } from './payout-batches-check.ts';

const ugx = (amount: number) => `UGX ${amount.toLocaleString('en-US')}`;

export const BATCH_API_MESSAGES = {
  idempotencyKeyMissing: `Send an Idempotency-Key header with a payout batch: 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters of your own, such as your batch's reference or a UUID`,
  referenceInvalid: `reference must be 1 to ${BATCH_LIMITS.referenceMax} characters, without line breaks or control characters`,
  rowsInvalid: `rows must be a list of 1 to ${BATCH_LIMITS.maxApiRows.toLocaleString('en-US')} rows`,
  rowInvalid: 'Each row must be an object of phone, amount, name and, if you like, reference and narrative',
  phoneInvalid: 'phone must be text of at most 40 characters',
  amountInvalid: 'amount must be a whole number of UGX, written as a JSON integer',
  textInvalid: (field: string, max: number) => `${field} must be text of at most ${max} characters on one line`,
  rowsRefused: (rows: number) =>
    `${rows.toLocaleString('en-US')} row${rows === 1 ? ' has' : 's have'} errors: nothing was made. See details for each row and field.`,
  batchNotFound: 'No such payout batch',
} as const;
const M = BATCH_API_MESSAGES;

const keyInvalid = MERCHANT_API_MESSAGES.idempotencyKeyInvalid;

/** The Idempotency-Key of a payout batch: the rule of every /v1 POST (contracts merchant-api.ts), but required. */
export const requiredIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: (issue) => (issue.input === undefined ? M.idempotencyKeyMissing : keyInvalid) })
    .min(1, keyInvalid)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, keyInvalid)
    .regex(IDEMPOTENCY_KEY, keyInvalid)
    .meta({ description: `Required for a payout batch. ${idempotencyKey.description}` }),
});

/** Text of one line that a row check (contracts checkBatchRows) judges further: its length is the schema's. */
const rowText = (field: string, max: number) =>
  z
    .string({ error: M.textInvalid(field, max) })
    .max(max, M.textInvalid(field, max))
    .regex(ONE_LINE, M.textInvalid(field, max));

const batchRowRequest = z.strictObject(
  {
    phone: z
      .string({ error: M.phoneInvalid })
      .max(40, M.phoneInvalid)
      .meta({
        description:
          "The receiver's MTN (076-079) or Airtel (070, 074, 075) Uganda number: 07XXXXXXXX, 2567XXXXXXXX or +2567XXXXXXXX",
        examples: ['0772123456'],
      }),
    amount: z.int({ error: M.amountInvalid }).meta({
      description: `Whole UGX, from ${ugx(BATCH_LIMITS.minAmount)} to ${ugx(BATCH_LIMITS.maxAmount)} (the server's largest row may be set lower)`,
      examples: [150_000],
    }),
    name: rowText('name', BATCH_LIMITS.nameMax).meta({
      description:
        "The receiver's name as registered for mobile money: the worker looks up the number's registered name and compares them",
      examples: ['Okello John'],
    }),
    reference: rowText('reference', BATCH_LIMITS.referenceMax)
      .optional()
      .meta({ description: 'Your own reference for the row: unique within the batch', examples: ['SAL-2026-11-017'] }),
    narrative: rowText('narrative', BATCH_LIMITS.narrativeMax)
      .optional()
      .meta({ description: 'What the payment is for', examples: ['November salary'] }),
  },
  { error: objectError(M.rowInvalid) },
);

/** POST /v1/payout-batches: many payouts at once, proposed for a member's approval. */
export const payoutBatchRequest = z.strictObject(
  {
    reference: oneLine(BATCH_LIMITS.referenceMax, M.referenceInvalid).meta({
      description: 'Your own name for the batch: unique among the batches of this environment',
      examples: ['November salaries'],
    }),
    rows: z
      .array(batchRowRequest, { error: M.rowsInvalid })
      .min(1, M.rowsInvalid)
      .max(BATCH_LIMITS.maxApiRows, M.rowsInvalid)
      .meta({
        description: `The payouts, 1 to ${BATCH_LIMITS.maxApiRows.toLocaleString('en-US')}; row 1 is the first`,
        examples: [
          [
            { phone: '0772123456', amount: 150_000, name: 'Okello John', reference: 'SAL-017', narrative: 'November salary' },
            { phone: '0701234567', amount: 120_000, name: 'Atim Grace', reference: 'SAL-018', narrative: 'November salary' },
          ],
        ],
      }),
  },
  { error: objectError(MERCHANT_API_MESSAGES.bodyNotObject) },
);
export type PayoutBatchRequest = z.output<typeof payoutBatchRequest>;

/** GET /v1/payout-batches/{id}/rows: the rows in their order, 20 a page. */
export const payoutBatchRowsQuery = z.strictObject(
  {
    cursor: z
      .string({ error: LINK_MESSAGES.invalidCursor })
      .max(300, LINK_MESSAGES.invalidCursor)
      .optional()
      .describe('The nextCursor of the page before'),
  },
  { error: objectError(MERCHANT_API_MESSAGES.queryInvalid) },
);

const count = (description: string) => z.int().meta({ description, examples: [0] });

export const apiPayoutBatch = z
  .object({
    id,
    reference: z.string().meta({ examples: ['November salaries'] }),
    status: z
      .enum(BATCH_STATUSES)
      .describe(
        'submitted until a member approves it in the dashboard (then paying), rejects it, or it expires after 72 hours; ' +
          'a paid batch ends completed, partially_completed or failed',
      ),
    currency: z.literal('UGX'),
    counts: z
      .object({
        rows: count('How many rows the batch has'),
        names_pending: count('Rows whose registered name is still being looked up'),
        name_mismatches: count("Rows whose registered name differs from the row's: the approver must accept each"),
        names_blocked: count('Rows whose number is not registered for mobile money, or barred: the batch cannot be approved'),
        warnings: count('Rows that pay a number the same amount as an earlier row'),
        queued: count('Rows approved and waiting to be paid'),
        sent: count('Rows handed to the provider, not yet confirmed'),
        paid: count('Rows paid'),
        failed: count('Rows that failed: their amount and charge are back in the balance'),
      })
      .meta({ description: 'The rows by where they stand' }),
    totals: z
      .object({
        amount: z.int().meta({ description: 'The sum of the rows', examples: [1_500_000] }),
        charges: z
          .int()
          .meta({ description: 'The payout charge of every row, held with the amount at approval', examples: [10_000] }),
        paid_amount: z.int().meta({ description: 'The sum of the rows paid so far', examples: [0] }),
        returned_amount: z.int().meta({
          description: "What the failed rows so far gave back to the balance: each row's amount and its charge",
          examples: [0],
        }),
      })
      .meta({ description: 'Whole UGX' }),
    environment,
    created_at: instant,
    submitted_at: instant.nullable(),
    expires_at: instant.nullable().describe('When an unanswered approval request expires'),
    approved_at: instant.nullable(),
    finished_at: instant.nullable().describe('When it was paid to its last row, rejected or expired'),
    rejection_reason: z.string().nullable(),
  })
  .meta({ id: 'PayoutBatch', description: 'Many mobile-money payouts proposed together, approved by a member in the dashboard' });
export type ApiPayoutBatch = z.output<typeof apiPayoutBatch>;

export const apiPayoutBatchRow = z
  .object({
    row: z.int().meta({ description: 'Its place in the rows sent, from 1', examples: [1] }),
    phone: z.string().meta({ description: 'The receiving number as 2567XXXXXXXX', examples: ['256772123456'] }),
    amount: z.int().meta({ examples: [150_000] }),
    name: z.string().meta({ examples: ['Okello John'] }),
    reference: z.string().meta({ description: 'Empty when the row had none', examples: ['SAL-2026-11-017'] }),
    narrative: z.string(),
    name_check: z
      .enum(ROW_NAME_CHECKS)
      .describe("pending until the provider answered; then how the registered name compares with the row's"),
    registered_name: z
      .string()
      .nullable()
      .meta({ description: 'The registered name, masked; null until known', examples: ['J*** OKELLO'] }),
    status: z.enum(BATCH_ROW_STATUSES).describe('draft until the batch is approved, then queued, sent, paid or failed'),
    payout_id: id.nullable().describe('Its payout once made: GET /v1/payouts/{id}, and the payout.* webhooks carry it'),
    provider_reference: z.string().nullable(),
    failure_reason: z.string().nullable(),
  })
  .meta({ id: 'PayoutBatchRow', description: 'One row of a payout batch' });
export type ApiPayoutBatchRow = z.output<typeof apiPayoutBatchRow>;

export const apiPayoutBatchRowPage = z
  .object({
    items: z.array(apiPayoutBatchRow),
    lastCursor: z.string().nullable(),
    nextCursor: z.string().nullable().describe('Send it as ?cursor= for the next page; null on the last page'),
    totalItems: z.int().meta({ examples: [250] }),
    totalPages: z.int().meta({ examples: [13] }),
  })
  .meta({ id: 'PayoutBatchRowPage', description: "One page of a batch's rows, in their order" });
