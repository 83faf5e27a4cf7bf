// A payment paid back to its payer (decision 053): the words of the dashboard, /v1, the e-mail and the timeline.
// Kept apart from the schemas (payments-input.ts, payments-answers.ts, merchant-api.ts): the payment drawer reads these
// at run time, and a module that builds zod schemas would load zod with it (decision 050).
import { formatMoney } from './format.ts';
import { TEXT_LIMITS } from './text-limits.ts';

export const REFUND_MESSAGES = {
  notSuccessful: 'Only a successful payment can be refunded.',
  refundedInFull: 'This payment has been refunded in full.',
  /** All that is left is taken by refunds not paid yet (decision 073): none more unless one fails or is declined. */
  pendingCoversRest:
    'A refund of all that is left of this payment is pending: no more can be refunded unless it fails or is declined.',
  moreThanLeft: (left: number) => `You can refund at most ${formatMoney(left)} of this payment.`,
  liveCard:
    'Live card payments cannot be refunded through Sente yet: there is no card acquirer. Pay the card holder back another way.',
  liveUnavailable: 'Live refunds to this network are not available yet: no live provider is configured. No refund was made.',
  balanceTooLow: 'Your balance cannot cover this refund. Nothing was taken.',
  reasonMissing: 'Enter a reason for the refund',
  reasonTooLong: TEXT_LIMITS.refundReason.tooLong,
  amountInvalid: 'Enter a whole amount of at least UGX 1',
  started: 'Refund started: the payer is paid as soon as the provider confirms.',
  /** A refund above the account's approval threshold (decision 067): held, and not sent until a second member approves. */
  awaitingApproval:
    'Refund sent for approval: another member who may move money must approve it with their PIN before the payer is paid.',
  /** The wallet pays the whole refund, though it received the payment less its fee. */
  feeNotReturned: (amount: number, fee: number) =>
    `${formatMoney(amount)} leaves your wallet, all of it to the payer: the fee of ${formatMoney(fee)} on this payment is not returned.`,
  /** Where a refund of a card payment goes, in the transfers list and the statement. */
  toCard: "the payer's card",
  /** The statement's lines of a refund: to whom, and its return when the provider failed it. */
  statementLine: (to: string) => `Refund to ${to}`,
  statementReturned: (to: string) => `Refund to ${to} returned`,
} as const;

/** The payment drawer's words for refunds: its button, the Refund modal and the Refunds section. */
export const REFUND_LABELS = {
  refund: 'Refund',
  modalTitle: 'Refund payment',
  amount: 'Amount to refund',
  reason: 'Reason',
  reasonPlaceholder: 'Why the payer is paid back',
  refundable: 'Can be refunded',
  refunded: 'Refunded',
  refundPending: 'Refund pending',
  /** Beside a customer's total paid: what refunds not paid yet will take of it (decision 073). */
  pendingOfTotal: (amount: string) => `${amount} refund pending`,
  awaitingApproval: 'Awaiting approval',
  payer: 'Paid back to',
  cancel: 'Cancel',
  continue: 'Continue',
  section: 'Refunds',
  failed: 'Why it failed',
  completed: (at: string) => `completed ${at}`,
} as const;
