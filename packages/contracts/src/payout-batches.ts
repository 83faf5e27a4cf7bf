import { z } from 'zod';
import { answerOf, cursorQuery, pageOf } from './api.ts';
import { BATCH_LIMITS } from './payout-batches-check.ts';
import { pinToken } from './transfers-input.ts';

/**
 * A payout batch (decision 066): many mobile-money payouts from one sheet, checked row by row, approved by a second member
 * and paid by the worker. `paying` once approved and held; it ends completed, partially_completed or failed.
 */
export const BATCH_STATUSES = [
  'draft',
  'submitted',
  'paying',
  'completed',
  'partially_completed',
  'failed',
  'rejected',
  'expired',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_STATUS_LABELS = {
  draft: 'Draft',
  submitted: 'Awaiting approval',
  paying: 'Paying',
  completed: 'Completed',
  partially_completed: 'Partly paid',
  failed: 'Failed',
  rejected: 'Rejected',
  expired: 'Expired',
} as const satisfies Record<BatchStatus, string>;

/** A row: checked while a draft, queued once approved, sent when its payout is handed over, then paid or failed. */
export const BATCH_ROW_STATUSES = ['draft', 'queued', 'sent', 'paid', 'failed'] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

/** The name check of a row: `pending` until the provider answered. */
export const ROW_NAME_CHECKS = ['pending', 'match', 'partial', 'mismatch', 'unavailable', 'not_registered', 'barred'] as const;
export type RowNameCheck = (typeof ROW_NAME_CHECKS)[number];
/** A number that cannot take the money: its row cannot be paid and must be fixed or removed. */
export const BLOCKING_NAME_CHECKS = ['not_registered', 'barred'] as const satisfies readonly RowNameCheck[];

export const BATCH_EVENT_ACTIONS = [
  'uploaded',
  'created_by_api',
  'row_edited',
  'row_removed',
  'submitted',
  'name_accepted',
  'approved',
  'rejected',
  'expired',
  'withdrawn',
  'row_paid',
  'row_failed',
  'finished',
  'retried',
] as const;
export type BatchEventAction = (typeof BATCH_EVENT_ACTIONS)[number];

export const BATCH_MESSAGES = {
  uploaded: 'Batch uploaded. Its rows are being checked.',
  fileMissing: 'Choose a CSV or Excel (.xlsx) file.',
  fileEmpty: 'The file is empty. Download the template, fill in a row for each payout and upload it again.',
  fileTooLarge: `The file is larger than ${BATCH_LIMITS.maxBytes / 1024 / 1024} MB.`,
  fileUnreadable: 'The file could not be read as CSV or Excel (.xlsx). Download the template and try again.',
  columnsMissing: (columns: string[]) => `The sheet has no ${columns.join(', ')} column. Use the template's header row.`,
  noRows: 'The sheet has no rows to pay.',
  tooManyRows: (max: number) => `A batch can hold at most ${max.toLocaleString('en-US')} rows.`,
  notFound: 'Batch not found.',
  rowNotFound: 'Row not found.',
  notDraft: 'Only a draft batch can be changed.',
  rowUpdated: 'Row updated.',
  rowRemoved: 'Row removed.',
  discarded: 'Draft discarded.',
  hasErrors: 'Fix or remove the rows with errors before you submit.',
  namesPending: 'The names are still being checked. Submit when every row has its result.',
  blockedRows: 'Some numbers are not registered for mobile money or are barred: fix or remove those rows.',
  submitted: 'Batch submitted for approval.',
  notSubmitted: 'This batch is not awaiting approval.',
  ownBatch: 'You made this batch: another member who may move money must approve it.',
  notYours: 'Only the member who made this batch can withdraw it.',
  withdrawn: 'Batch withdrawn. It is a draft again.',
  mismatchesOpen:
    'Some names do not match the registered names: accept each before you approve, or reject the batch so its maker can correct them.',
  nameAccepted: 'Name accepted.',
  notMismatch: "This row's name does not need accepting.",
  approved: 'Batch approved. Its payouts are on their way.',
  rejected: 'Batch rejected.',
  reasonMissing: 'Give the reason for rejecting the batch.',
  expired: 'This approval request expired.',
  insufficientBalance: 'The wallet cannot cover this batch with its charges.',
  balanceShort: (short: string) =>
    `The wallet is ${short} short of this batch with its charges: it can be submitted, but not approved until the money is there.`,
  nothingToRetry: 'This batch has no failed rows to pay again.',
  retried: 'A new batch of the failed rows was made. It needs approval again.',
  referenceTaken: 'Another batch already has this reference.',
  referenceMissing: 'Give the batch a reference.',
  referenceTooLong: `The batch reference must be at most ${BATCH_LIMITS.referenceMax} characters.`,
} as const;

const text = (max: number) => z.string({ error: `At most ${max} characters.` }).max(max, `At most ${max} characters.`);

/** A row as the merchant corrects it: the same text columns the sheet has. */
export const batchRowInput = z.object({
  phone: text(40),
  amount: text(40),
  name: text(BATCH_LIMITS.nameMax),
  reference: text(BATCH_LIMITS.referenceMax).default(''),
  narrative: text(BATCH_LIMITS.narrativeMax).default(''),
});
export type BatchRowInput = z.infer<typeof batchRowInput>;

export const approveBatchInput = z.object({ pin_token: pinToken });
export const rejectBatchInput = z.object({
  reason: z
    .string({ error: BATCH_MESSAGES.reasonMissing })
    .trim()
    .min(3, BATCH_MESSAGES.reasonMissing)
    .max(500, 'At most 500 characters.'),
});

export const batchIdParams = z.object({ id: z.string().max(100) });
export const batchRowParams = z.object({ id: z.string().max(100), rowId: z.string().max(100) });

export const BATCH_ROW_VIEWS = ['all', 'issues', 'names', 'failed'] as const;
export const batchRowsQuery = cursorQuery.extend({
  show: z.enum(BATCH_ROW_VIEWS, { error: 'Show all, issues, names or failed rows.' }).optional(),
});
export const batchListQuery = cursorQuery.extend({
  status: z.enum(BATCH_STATUSES, { error: 'Not a batch status.' }).optional(),
});
export const templateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'The template is csv or xlsx.' }).optional(),
});

const rowIssue = z.object({
  row: z.number().int(),
  field: z.string(),
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});

const member = z.object({ id: z.string(), name: z.string() }).nullable();

export const batchRow = z.object({
  id: z.string(),
  row: z.number().int(),
  phone: z.string(),
  amount: z.string(),
  name: z.string(),
  reference: z.string(),
  narrative: z.string(),
  issues: z.array(rowIssue),
  name_check: z.enum(ROW_NAME_CHECKS),
  /** The registered name, masked ("J*** OKELLO"); null until the provider answered, or when it gave none. */
  registered_name: z.string().nullable(),
  /**
   * The masked registered name word by word, each marked where the row's name has nothing that stands for it (decision
   * 074): what an approver reads before accepting a name. Null while registered_name is.
   */
  registered_name_words: z.array(z.object({ text: z.string(), differs: z.boolean() })).nullable(),
  name_accepted_by: z.string().nullable(),
  status: z.enum(BATCH_ROW_STATUSES),
  transfer_id: z.string().nullable(),
  provider_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type BatchRow = z.infer<typeof batchRow>;

export const batchEvent = z.object({
  at: z.string(),
  actor: z.string().nullable(),
  action: z.enum(BATCH_EVENT_ACTIONS),
  row: z.number().int().nullable(),
  detail: z.string().nullable(),
});
export type BatchEvent = z.infer<typeof batchEvent>;

export const batchCounts = z.object({
  rows: z.number().int(),
  errors: z.number().int(),
  warnings: z.number().int(),
  names_pending: z.number().int(),
  names_blocking: z.number().int(),
  mismatches: z.number().int(),
  mismatches_accepted: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  paid: z.number().int(),
  failed: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCounts>;

/** Another batch, as a link to it reads. */
const batchLink = z.object({ id: z.string(), reference: z.string() });

export const payoutBatch = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(BATCH_STATUSES),
  source: z.enum(['dashboard', 'api']),
  file_name: z.string().nullable(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  maker: member,
  approver: member,
  rejection_reason: z.string().nullable(),
  total_amount: z.number(),
  total_charges: z.number(),
  charge_per_row: z.number(),
  paid_amount: z.number(),
  /** What the failed rows gave back to the wallet: their amounts and their charges. */
  returned_amount: z.number(),
  max_amount: z.number(),
  counts: batchCounts,
  /** The wallet's balance in the batch's environment now: a batch whose total with charges is above it cannot be approved. */
  wallet_balance: z.number(),
  /** What the caller may do now: the maker can never approve their own batch. */
  can: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    approve: z.boolean(),
    reject: z.boolean(),
    retry: z.boolean(),
  }),
  events: z.array(batchEvent),
  /** The batch whose failed rows this one pays again, if it is a retry. */
  retry_of: batchLink.nullable(),
  /** The batches made of this one's failed rows, oldest first. */
  retries: z.array(batchLink),
});
export type PayoutBatch = z.infer<typeof payoutBatch>;

export const batchListItem = payoutBatch.omit({
  events: true,
  can: true,
  wallet_balance: true,
  retry_of: true,
  retries: true,
});
export type BatchListItem = z.infer<typeof batchListItem>;

export const batchAnswers = {
  batch: answerOf(payoutBatch),
  list: answerOf(pageOf(batchListItem)),
  rows: answerOf(pageOf(batchRow)),
  row: answerOf(z.object({ row: batchRow, batch: payoutBatch })),
  removed: answerOf(payoutBatch),
  discarded: answerOf(z.null()),
} as const;
