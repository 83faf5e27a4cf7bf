/**
 * Money out (docs/features.md#money-out): the constants, kinds
 * and messages of wallet transfers, settlements to the bank and mobile-money payouts, and what the server answers (the
 * /settlements list, the balances, the statement). What a movement asks for is in transfers-input.ts.
 */
import { z } from 'zod';
import { answerOf, cursorQuery, pageOf } from './api.ts';
import { CURRENCIES, PRODUCT_NAME } from './constants.ts';
import { dayRange, daysInOrder, daysInverted, FIND_MESSAGES as F, isCalendarDay } from './filters.ts';
import { formatMoney } from './format.ts';
import { MOVEMENT_APPROVALS } from './movement-approvals.ts';

export const WALLET_PIN_LENGTH = 5;
/** Five wrong PINs lock money movements for 15 minutes. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 15;
/** A verified PIN allows one money movement within this time. */
export const PIN_TOKEN_TTL_SECONDS = 300;

/** The receiver phone of a mobile-money payout has 10-15 digits. */
export const PAYOUT_PHONE_MIN_DIGITS = 10;
export const PAYOUT_PHONE_MAX_DIGITS = 15;

/** The largest single movement out of a wallet, in UGX. */
export const MAX_TRANSFER_AMOUNT = 100_000_000;

/** Every kind of money out the transfers list shows; a refund is made from a payment, not from the Transfers form. */
/** The file GET /api/collections/smt_download saves as: every kind of transfer, not only settlements to the bank. */
export const TRANSFERS_WORKBOOK = 'Transfers.xlsx';

export const TRANSFER_KINDS = ['wallet_transfer', 'settlement', 'payout', 'refund', 'batch_payout'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
/** The kinds the Transfers form can make. */
export const TRANSFER_FORM_KINDS = ['wallet_transfer', 'settlement', 'payout'] as const satisfies readonly TransferKind[];
export const TRANSFER_STATUSES = ['pending', 'successful', 'rejected'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * A transfer's status as people read it: a batch payout the provider did not pay reads failed, as its batch row does
 * (a batch row is never declined, it fails); every other keeps its stored word. The list's filter keeps `rejected`.
 */
export const shownTransferStatus = (row: { kind: TransferKind; status: TransferStatus }): TransferStatus | 'failed' =>
  row.kind === 'batch_payout' && row.status === 'rejected' ? 'failed' : row.status;

/** Transfers modal: each kind's name, in the dropdown, the transfers list, its filter and its export. */
export const TRANSFER_OPTIONS = {
  settlement: 'Request Transfer',
  wallet_transfer: `${PRODUCT_NAME} Customer`,
  payout: 'Mobile Money',
  refund: 'Refund',
  batch_payout: 'Batch payout',
} as const satisfies Record<TransferKind, string>;
/**
 * The dropdown's options, in order. The spec keeps the payout out of it; decision 064 offers it, as "Send to mobile
 * money" (the list and the export keep calling the kind by its name).
 */
export const OFFERED_TRANSFER_OPTIONS = ['settlement', 'wallet_transfer', 'payout'] as const satisfies readonly TransferKind[];
export const TRANSFER_MENU_LABELS = {
  settlement: TRANSFER_OPTIONS.settlement,
  wallet_transfer: TRANSFER_OPTIONS.wallet_transfer,
  payout: 'Send to mobile money',
} as const satisfies Record<(typeof OFFERED_TRANSFER_OPTIONS)[number], string>;

/** The transfer environments the wallet routes name ('test' or 'prod') for the account's environment. */
export const TRANSFER_ENV = { test: 'test', production: 'prod' } as const;

export const WALLET_MESSAGES = {
  // The transfer form's and the PIN's messages, exactly as the dashboard has always shown them.
  pinEmpty: 'Wallet PIN cannot be empty',
  pinLength: 'Wallet PIN must be exactly 5 digits',
  pinCheckFailed: 'Failed to check wallet PIN.',
  pinInvalid: "The provided PIN is invalid. Please ensure it's correct and try again!",
  pinVerifyError: 'An error occurred while verifying PIN.',
  tryLater: 'Something went wrong. Please try again later.',
  invalidAmount: 'Invalid Amount',
  errorOccured: 'An error occured',
  errorOccurred: 'An error occurred.',
  transactionFailed: 'Transaction Failed!',
  selectPayoutOption: 'Select an option for payout',
  sameAccount: 'You can not transfer to the same account!',
  noAccountFound: `No ${PRODUCT_NAME} account(s) found!`,
  phoneEmpty: 'Phone number cannot be empty',
  phoneInvalid: 'Invalid phone number. Must be 10-15 digits long.',
  bankNameMissing: 'Bank name is missing',
  bankAccountNumberMissing: 'Account number is missing',
  bankAccountNameMissing: 'Account name is missing',
  bankDetailsUpdated: 'Bank details updated',
  requestSent: 'Request Sent',
  processing: 'Processing',
  noSettlementsYet: 'No Settlements Yet!',
  // Ours: the spec leaves these unnamed.
  pinCreated: 'Wallet PIN created',
  pinExists: 'A wallet PIN already exists for you on this account',
  pinMissing: 'Create your wallet PIN first',
  pinLocked: `Too many wrong PINs. Transfers are locked for ${PIN_LOCK_MINUTES} minutes.`,
  /** The lock with the Kampala time it ends (decision 071): 'until Nov 24, 2026 0:15 EAT'. */
  pinLockedUntil: (when: string) => `Too many wrong PINs. Transfers are locked until ${when}.`,
  /** What a transfer can send at most, its charge coming out of the same balance (mostSendable). */
  transferMost: (most: number, charge: number) =>
    charge > 0
      ? `Charge ${formatMoney(charge)}: you can send up to ${formatMoney(most)}`
      : `You can send up to ${formatMoney(most)}`,
  /** An amount above mostSendable, said before the PIN step instead of 'Invalid Amount' after it. */
  amountAboveMost: (most: number, charge: number) =>
    most <= 0
      ? `Your balance cannot cover the ${formatMoney(charge)} charge of this transfer`
      : charge > 0
        ? `You can send at most ${formatMoney(most)}: the ${formatMoney(charge)} charge also comes out of your balance`
        : `You can send at most ${formatMoney(most)}, your balance`,
  /** A wrong PIN says how many tries are left before the lock (the long-standing words first). */
  pinInvalidTriesLeft: (left: number) =>
    `The provided PIN is invalid. ${left === 1 ? '1 try' : `${left} tries`} left before transfers are locked for ${PIN_LOCK_MINUTES} minutes.`,
  /** A new PIN that anyone would guess first. */
  pinTooSimple: 'Choose a PIN that is harder to guess: not one digit five times or a run such as 12345 or 54321',
  pinTokenInvalid: 'Confirm this transfer with your wallet PIN again',
  reasonMissing: 'Reason is missing',
  accountNumberMissing: `Enter the ${PRODUCT_NAME} account number`,
  /** Letters were once taken, and the look-up then found no account. */
  accountNumberInvalid: `A ${PRODUCT_NAME} account number is 10 digits`,
  bankDetailsMissing: 'Add your bank details (Business Details, Bank Details tab) before requesting a transfer',
  transferSuccessful: 'Transfer successful',
  payoutStarted: 'Payout started: the money is on its way to the phone',
  envMismatch: 'This transfer is for the other environment: switch mode and try again',
  notPending: 'Only a pending settlement can be approved or rejected',
  liveUnavailable: 'Live mobile-money payouts are not available yet',
  /** Test mode refuses what live refuses (decision 058), so the message no longer says 'Live'. */
  payoutNetworkUnsupported: 'Payouts go to MTN or Airtel Uganda numbers: enter a number such as 0772 123 456',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another kind of transfer',
  // Ours: changing and resetting the PIN (with an e-mailed or texted code).
  pinChanged: 'Wallet PIN changed',
  pinReset: 'Wallet PIN reset. Use the new PIN for your next transfer.',
  pinsDoNotMatch: 'The new PINs do not match',
  pinUnchanged: 'Choose a new PIN that differs from the current one',
  pinResetCodeSent: 'We sent a 6-digit code to your e-mail. It expires in 10 minutes.',
  /** The reset code went by SMS too, to the member's verified phone, masked as the answer's `sms_to` has it (decision 070). */
  pinResetCodeTexted: (phone: string) => `We also sent it by SMS to ${phone}.`,
  // Ours: answers and the reasons a settlement or payout came back.
  pinVerified: 'PIN verified',
  accountFound: 'Account found',
  settlementRejected: 'Rejected by Sente',
  /** A payout the provider never confirmed before its expiry, returned to the wallet. */
  payoutExpired: 'The mobile money provider did not confirm the payout in time',
  /** A test payout to a number ending in the simulator's fail suffix. */
  simulatedPayoutFailure: 'The receiving mobile money account could not take the payment',
} as const;

/** A bank account number as the transfers list and the PIN step show it: its last 4 digits ('•••• 5678'). */
export function maskBankAccountNumber(value: string): string {
  return value.length <= 4 ? value : `•••• ${value.slice(-4)}`;
}

/** What each way out costs, from the fee schedule; the PIN step shows it before the money moves. */
export const transferCharges = z.object({ wallet_transfer: z.number(), settlement: z.number(), payout: z.number() });
export type TransferCharges = z.output<typeof transferCharges>;

/** The balances of the caller's account in one currency: live (`current_balance`) and test. */
const balances = { current_balance: z.number(), current_balance_sand_box: z.number() };

/** GET /api/wallet/charges: the charge of each option, and the UGX balances of the caller's account. */
export const walletSummary = z.object({ charges: transferCharges, ...balances });
export type WalletSummary = z.output<typeof walletSummary>;

/** GET /api/wallet/usd: the USD balances of the caller's account. */
export const usdBalances = z.object(balances);

/** A row of GET /api/settlements (a settlement or transfer), from the caller's side. */
export const transferRow = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(TRANSFER_KINDS),
  direction: z
    .enum(['in', 'out'])
    .describe("'out' for money this account sent or requested; 'in' for a wallet transfer it received"),
  amount: z.number(),
  charge: z.number(),
  currency: z.enum(CURRENCIES),
  creator: z.object({ firstname: z.string(), lastname: z.string() }),
  reason: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  counterparty: z
    .string()
    .nullable()
    .describe('The other account of a wallet transfer, the masked bank account of a settlement, the phone of a payout or refund'),
  failure_reason: z.string().nullable().describe('Why a rejected settlement or failed payout did not go through; null otherwise'),
  collection_id: z.string().nullable().describe('The payment a refund pays back (it opens from the row); null for other kinds'),
  approval: z
    .object({
      status: z.enum(MOVEMENT_APPROVALS),
      expires_at: z.string(),
      /** The member who asked for it (null: an API key): any other member who may move money answers it. */
      requested_by: z.string().nullable(),
      /** Who approved, declined or withdrew it (decision 071); null while it waits, or when it expired. */
      answered_by: z.object({ firstname: z.string(), lastname: z.string() }).nullable().optional(),
    })
    .nullable()
    .optional()
    .describe('A movement above the approval threshold (decision 067): its approval; null when it needed none'),
});
export type TransferRow = z.output<typeof transferRow>;

/**
 * The statuses the transfers list is narrowed by: a transfer's own, and `awaiting_approval`, a pending one held for a
 * second member (decision 071). The export writes a held row's status so too; /v1 and the webhooks keep `pending`.
 */
export const TRANSFER_FILTER_STATUSES = [...TRANSFER_STATUSES, 'awaiting_approval'] as const;
export type TransferFilterStatus = (typeof TRANSFER_FILTER_STATUSES)[number];
export const TRANSFER_FILTER_STATUS_LABELS = {
  pending: 'Pending',
  successful: 'Successful',
  rejected: 'Rejected',
  awaiting_approval: 'Awaiting approval',
} as const satisfies Record<TransferFilterStatus, string>;

const transfersFilter = {
  status: z.enum(TRANSFER_FILTER_STATUSES, { error: F.statusInvalid(TRANSFER_FILTER_STATUSES) }).optional(),
  kind: z.enum(TRANSFER_KINDS, { error: F.kindInvalid(TRANSFER_KINDS) }).optional(),
  ...dayRange,
};

/** GET /api/settlements (decision 051): the transfers list narrowed by status, kind and Kampala days, every one optional. */
export const transfersFilterQuery = z
  .object({ ...transfersFilter, cursor: cursorQuery.shape.cursor })
  .refine(daysInOrder, daysInverted);

/** GET /api/collections/smt_download: the spreadsheet of what the transfers list shows under the same filters. */
export const transfersDownloadQuery = z.object(transfersFilter).refine(daysInOrder, daysInverted);
export type TransfersFilter = z.output<typeof transfersFilterQuery>;

/**
 * POST /api/wallet/mobile-money-name: the network of a payout's number and its provider's word on who holds it, the
 * registered name masked (name-check.ts), null unless registered.
 */
export const mobileMoneyHolder = z.object({
  network: z.enum(['MTN', 'AIRTEL']),
  check: z.enum(['registered', 'not_registered', 'barred', 'unavailable']),
  masked_name: z.string().nullable(),
});
export type MobileMoneyHolder = z.output<typeof mobileMoneyHolder>;

/** The spec's older wallet answers: upper-case `status: 'SUCCESS'`, some with a field beside `data` too. */
const specAnswerOf = <T extends z.ZodType>(data: T) => answerOf(data).extend({ status: z.literal('SUCCESS') });

/** The answers of the wallet and transfer routes, each route's response schema (decision 046). */
export const walletAnswers = {
  pinExists: specAnswerOf(z.object({ pin_exists: z.boolean() })).extend({ pin_exists: z.boolean() }),
  nothing: specAnswerOf(z.null()),
  pinVerified: specAnswerOf(z.object({ pin_token: z.string() })).extend({ pin_token: z.string() }),
  resetCodeSent: specAnswerOf(
    z.object({
      email: z.string(),
      last_code_sent_at: z.string(),
      /** The member's verified phone, masked ('+256 7•• ••• 222'), when the code went there by SMS too (decision 070). */
      sms_to: z.string().nullable(),
    }),
  ),
  accountFound: specAnswerOf(z.object({ sente_account_id: z.string() })).extend({ sente_account_id: z.string() }),
  holder: specAnswerOf(
    z.object({
      account_name: z.string(),
      sente_account_id: z.string(),
      sente_account_number: z.string(),
      user_id: z.string(),
    }),
  ),
  accountNumber: specAnswerOf(z.object({ sente_account_number: z.string() })).extend({ sente_account_number: z.string() }),
  summary: answerOf(walletSummary),
  usd: answerOf(usdBalances),
  /** A wallet transfer's answer also says `success: true`. */
  transferred: answerOf(transferRow).extend({ success: z.literal(true) }),
  moved: answerOf(transferRow),
  transfers: answerOf(pageOf(transferRow)),
  mobileMoneyHolder: answerOf(mobileMoneyHolder),
  bankDetails: answerOf(z.object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() })),
};

// The wallet statement (decision 052).

export const STATEMENT_MESSAGES = {
  invalidDay: 'Enter the day as YYYY-MM-DD',
  rangeBackwards: 'The start of the range must not be after its end',
  noEntriesYet: 'No wallet entries in these dates',
} as const;

/** A calendar day in Kampala, as the date inputs send it: one that exists. */
const statementDay = z
  .string({ error: STATEMENT_MESSAGES.invalidDay })
  .max(10, STATEMENT_MESSAGES.invalidDay)
  .refine(isCalendarDay, STATEMENT_MESSAGES.invalidDay);

const statementFields = {
  from: statementDay.optional(),
  to: statementDay.optional(),
  currency: z.enum(CURRENCIES).optional(),
};

/** The download's ?from=&to= (Kampala days, both included; either may be left out) and the wallet's currency (UGX). */
export const statementDownloadQuery = z
  .object(statementFields)
  .refine(daysInOrder, { message: STATEMENT_MESSAGES.rangeBackwards, path: ['from'] });

/** GET /api/wallet/statement: the download's range and currency, and the page's cursor. */
export const statementQuery = z
  .object({ ...statementFields, ...cursorQuery.shape })
  .refine(daysInOrder, { message: STATEMENT_MESSAGES.rangeBackwards, path: ['from'] });

/** One line of the statement: a movement of the wallet, or its fee on a line of its own, and the balance after it. */
export const statementEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  description: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  balance: z.number().int().describe("The wallet's balance right after this line"),
});
export type StatementEntry = z.output<typeof statementEntry>;

export const statementAnswer = answerOf(pageOf(statementEntry));

/**
 * The period's figures an accountant checks, opening balance + credits - debits - fees = closing balance, each the sum
 * of the lines' columns: credits the Credit column (fees returned included), debits and fees together the Debit column.
 */
export const statementSummary = z.object({
  opening_balance: z.number().int().describe("The wallet's balance just before the period's first instant"),
  credits: z.number().int(),
  debits: z.number().int(),
  fees: z.number().int().describe('Fees and charges taken in the period'),
  closing_balance: z.number().int().describe("The wallet's balance right after the period's last instant"),
});
export type StatementSummary = z.output<typeof statementSummary>;

export const statementSummaryAnswer = answerOf(statementSummary);
