// The approval of a movement above the account's approval threshold (decision 067): its states, messages and labels,
// apart from transfers.ts, which the transfer row's schema takes them from.

/**
 * The approval of a movement above the account's approval threshold (decision 067): awaiting a second member, then
 * approved, declined, expired, or withdrawn by the member who asked (decision 071).
 */
export const MOVEMENT_APPROVALS = ['awaiting', 'approved', 'declined', 'expired', 'withdrawn'] as const;
export type MovementApproval = (typeof MOVEMENT_APPROVALS)[number];

export const APPROVAL_MESSAGES = {
  awaiting: 'Sent for approval: another member who may move money must approve it with their PIN.',
  approved: 'Approved. The money is on its way.',
  declined: 'Declined. The money is back in the wallet.',
  declinedReason: (reason: string) => `Declined by a second member: ${reason}`,
  expired: 'The approval request expired after 72 hours. The money is back in the wallet.',
  notAwaiting: 'This movement is not awaiting approval.',
  ownMovement: 'You asked for this movement: another member who may move money must approve it.',
  notFound: 'Transfer not found.',
  notYours: 'Only the member who asked for this movement can withdraw it.',
  withdrawn: 'Withdrawn. The money is back in the wallet.',
  withdrawnReason: 'Withdrawn by the member who asked for it.',
  noOtherApprover:
    'No other member of this account may approve it: invite a member who may move money (an owner, administrator or operations member) first.',
  reasonMissing: 'Give the reason for declining.',
} as const;

/** What an 'approval needed' alert calls what waits (decision 071). */
export const AWAITING_WHAT = {
  payout: 'a mobile-money payout',
  wallet_transfer: 'a wallet transfer',
  settlement: 'a transfer to the bank',
  refund: 'a refund',
  batch: (reference: string, rows: number) => `payout batch ${reference} (${rows} payouts)`,
} as const;

/** What the Transfers list says of a movement awaiting approval (decision 067). Presentational only. */
export const APPROVAL_LABELS = {
  awaiting: 'Awaiting approval',
  waitingForOther: 'Waiting for another member to approve',
  expires: (when: string) => `Expires ${when}`,
  approve: 'Approve',
  decline: 'Decline',
  declineTitle: 'Decline transfer',
  declineReasonHint: 'The member who asked reads it on the transfer.',
  awaitingYours: (count: number) => `Awaiting your approval (${count})`,
  withdraw: 'Withdraw',
  /** Who answered a movement (decision 071), under its status. */
  answeredBy: (status: 'approved' | 'declined' | 'withdrawn', name: string) =>
    `${{ approved: 'Approved', declined: 'Declined', withdrawn: 'Withdrawn' }[status]} by ${name}`,
  /** The approver's PIN step: who asked for it and when. */
  askedBy: (name: string, when: string) => `Asked by ${name} on ${when}`,
  /** The PIN step of a movement above the account's approval threshold, before it is sent. */
  willBeHeld: (threshold: string) =>
    `Above ${threshold}: this will wait for another member who may move money to approve it with their PIN (72 hours at most). The amount is held from the wallet meanwhile.`,
} as const;

/**
 * GET /api/transfers/awaiting-approval: what waits for the caller's approval (decision 071); 0 for one who may not move
 * money. Its schema is the route's (routes/transfers.ts): this module stays free of zod, since the menu's count reads
 * its labels on every dashboard page.
 */
export type AwaitingApprovalCounts = { movements: number; batches: number; total: number };

/** What the Overview and the Transfers menu say of it. */
export const AWAITING_COUNT_LABELS = {
  menu: (count: number) => `${count} awaiting your approval`,
  overviewTitle: 'Awaiting your approval',
  overview: (count: number) =>
    `${count} ${count === 1 ? 'transfer or batch waits' : 'transfers or batches wait'} for your approval.`,
  open: 'Review them',
} as const;
