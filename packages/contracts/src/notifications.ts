/**
 * Merchant alerts: what each member of an account hears of it, how, and for which mode. Amounts are whole
 * UGX; an empty amount (or 0) is "each payment" for `payment_above` and "off" for `low_balance_below`.
 */
import { z } from 'zod';
import { answerOf } from './api.ts';
import { PRODUCT_NAME } from './constants.ts';
import { formatMoney } from './format.ts';
import { amountFrom } from './validation.ts';

/** The largest threshold one may set, in UGX: as the payout rules' caps. */
export const MAX_ALERT_AMOUNT = 10_000_000_000;

export const NOTIFICATION_LABELS = {
  payment_received: 'A successful payment',
  payment_above: 'Only payments above',
  daily_summary: 'A daily summary (after 08:00)',
  payout_failed: 'A failed payout',
  refund_done: 'A refund done',
  low_balance_below: 'Wallet balance below',
  approval_needed: 'A transfer or batch awaiting my approval',
  by_email: 'By e-mail',
  by_sms: 'By SMS',
  live: 'Live mode',
  test: 'Test mode',
} as const;

/** What a member hears of, as the team's notifications table says it ('Payments above UGX 50,000, failed payouts'). */
export const HEARD_EVENTS = {
  everyPayment: 'every payment',
  paymentsAbove: (amount: number) => `payments above ${formatMoney(amount)}`,
  dailySummary: 'a daily summary',
  payoutFailed: 'failed payouts',
  refundDone: 'refunds',
  balanceBelow: (amount: number) => `balance below ${formatMoney(amount)}`,
  approvalNeeded: 'transfers and batches awaiting their approval',
  nothing: 'Nothing',
} as const;

export const NOTIFICATION_MESSAGES = {
  saved: 'Notification choices saved',
  invalidAmount: (label: string) =>
    `${label} must be a whole amount in UGX up to ${formatMoney(MAX_ALERT_AMOUNT)} (0 or empty is none)`,
  noPhone: 'Add a Ugandan mobile number (+256...) to your profile and verify it before choosing SMS.',
  noChannel: 'Choose e-mail, SMS or both.',
  noMode: 'Choose live, test or both.',
} as const;

/** An optional threshold as a form or a program sends it: digits ('1,000,000'), a number, empty or null (none). */
const threshold = (label: string) => {
  const message = NOTIFICATION_MESSAGES.invalidAmount(label);
  return z
    .union([z.number(), z.string().max(30, message).trim(), z.null()], { error: message })
    .optional()
    .transform((value) => (value === null || value === undefined || value === '' || value === 0 ? null : amountFrom(value)))
    .refine((value) => value === null || (Number.isSafeInteger(value) && value > 0 && value <= MAX_ALERT_AMOUNT), message);
};

const flag = (what: string) => z.boolean({ error: `${what} must be true or false` });

/** POST /api/user/notifications: the member's whole set of choices for their current account. */
export const notificationSettingsInput = z
  .object({
    payment_received: flag('payment_received').describe('Hear of each successful payment (or only those above payment_above)'),
    payment_above: threshold(NOTIFICATION_LABELS.payment_above).describe(
      'Whole UGX; only payments above it are told; empty or null is every payment',
    ),
    daily_summary: flag('daily_summary').describe(
      "One summary a Kampala day, after 08:00: the previous day's collections, payouts and balance",
    ),
    payout_failed: flag('payout_failed').describe('Hear of each payout that failed'),
    refund_done: flag('refund_done').describe('Hear of each refund paid back to a payer'),
    low_balance_below: threshold(NOTIFICATION_LABELS.low_balance_below).describe(
      'Whole UGX; told when the UGX wallet drops below it; empty or null is off',
    ),
    approval_needed: flag('approval_needed')
      .default(true)
      .describe('Hear of each movement or batch awaiting your approval (members who may move money); on when not sent'),
    by_email: flag('by_email').describe("Send to the member's e-mail address"),
    by_sms: flag('by_sms').describe(
      "Send to the member's verified Ugandan phone (the profile's); summaries only 08:00-20:00 EAT",
    ),
    live: flag('live').describe('Alerts of live-mode money'),
    test: flag('test').describe('Alerts of test-mode money'),
  })
  .refine((input) => input.by_email || input.by_sms, { message: NOTIFICATION_MESSAGES.noChannel, path: ['by_email'] })
  .refine((input) => input.live || input.test, { message: NOTIFICATION_MESSAGES.noMode, path: ['live'] });
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;

/** A member's choices as stored and answered. */
export const notificationSettings = z.object({
  payment_received: z.boolean(),
  payment_above: z.number().nullable(),
  daily_summary: z.boolean(),
  payout_failed: z.boolean(),
  refund_done: z.boolean(),
  low_balance_below: z.number().nullable(),
  approval_needed: z.boolean(),
  by_email: z.boolean(),
  by_sms: z.boolean(),
  live: z.boolean(),
  test: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** Until a member chooses: nothing is sent; e-mail and live mode are what the form starts from. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  payment_received: false,
  payment_above: null,
  daily_summary: false,
  payout_failed: false,
  refund_done: false,
  low_balance_below: null,
  approval_needed: true,
  by_email: true,
  by_sms: false,
  live: true,
  test: false,
};

/** GET/POST /api/user/notifications: the choices, and the phone SMS would go to (null without a verified Ugandan one). */
export const notificationsAnswer = answerOf(notificationSettings.extend({ sms_phone: z.string().nullable() }));

/** GET /api/team/notifications: who of the account hears what (owners and administrators). */
export const teamNotification = notificationSettings.extend({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  staff_role: z.string(),
  sms_phone: z.string().nullable(),
});
export type TeamNotification = z.infer<typeof teamNotification>;
export const teamNotificationsAnswer = answerOf(z.array(teamNotification));

const inMode = (live: boolean) => (live ? '' : ' (test)');
const from = (payer: string) => (payer ? ` from ${payer}` : '');
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What each alert says: an e-mail's subject, and a text that is the SMS and the e-mail's body. Each names what the
 * merchant knows the money by on the dashboard (the payer, the payment's Sente reference, the number paid out to),
 * never an internal id; the e-mail adds the link to it (`link`).
 */
export const ALERT_TEXTS = {
  paymentReceived: (a: { account: string; amount: number; payer: string; reference: string; live: boolean }) => ({
    subject: `Payment received${inMode(a.live)}: ${formatMoney(a.amount)}`,
    text: `${a.account}: payment of ${formatMoney(a.amount)} received${from(a.payer)}${inMode(a.live)}. Ref ${a.reference}.`,
  }),
  payoutFailed: (a: { account: string; amount: number; to: string; batch: string | null; reason: string; live: boolean }) => ({
    subject: `Payout failed${inMode(a.live)}: ${formatMoney(a.amount)}`,
    text:
      `${a.account}: a payout of ${formatMoney(a.amount)}${a.to ? ` to ${a.to}` : ''}${a.batch ? ` in batch ${a.batch}` : ''} ` +
      `failed${a.reason ? ` (${a.reason})` : ''}${inMode(a.live)}; the money is back in the wallet.`,
  }),
  refundDone: (a: { account: string; amount: number; payer: string; reference: string; live: boolean }) => ({
    subject: `Refund done${inMode(a.live)}: ${formatMoney(a.amount)}`,
    text: `${a.account}: a refund of ${formatMoney(a.amount)} was paid back${a.payer ? ` to ${a.payer}` : ''}${inMode(a.live)}.${a.reference ? ` Ref ${a.reference}.` : ''}`,
  }),
  approvalNeeded: (a: { account: string; what: string; amount: number; maker: string; live: boolean }) => ({
    subject: `Approval needed${inMode(a.live)}: ${a.what} of ${formatMoney(a.amount)}`,
    text: `${a.account}: ${a.maker} asks for your approval of ${a.what} of ${formatMoney(a.amount)}${inMode(a.live)}. Approve or decline it on the dashboard within 72 hours; until then the money does not move.`,
  }),
  lowBalance: (a: { account: string; balance: number; live: boolean }) => ({
    subject: `Low wallet balance${inMode(a.live)}: ${formatMoney(a.balance)}`,
    text: `${a.account}: the wallet balance is down to ${formatMoney(a.balance)}${inMode(a.live)}.`,
  }),
  /** Of the Kampala day `day`: its payments and payouts, and the wallet's balance at the day's end. */
  dailySummary: (a: {
    account: string;
    day: string;
    live: boolean;
    payments: number;
    collected: number;
    payouts: number;
    paidOut: number;
    balance: number;
  }) => ({
    subject: `${a.account}: summary of ${a.day}${inMode(a.live)}`,
    text:
      `${a.account} on ${a.day}${inMode(a.live)}: ${count(a.payments, 'payment', 'payments')}, ${formatMoney(a.collected)} collected; ` +
      `${count(a.payouts, 'payout', 'payouts')}, ${formatMoney(a.paidOut)} paid out; closing balance ${formatMoney(a.balance)}.`,
  }),
  /** A payer as the dashboard shows them: the name they gave and how they paid ('Okello John (0772 123 456)'). */
  payer: (names: string, how: string) => (names && how ? `${names} (${how})` : names || how),
  /** How a card payer paid, when no number is known. */
  card: (last4: string) => `card ending ${last4}`,
  /** The e-mail's last line: where on the dashboard the alert's money is. */
  link: (url: string) => `Open it in your ${PRODUCT_NAME} dashboard: ${url}`,
};
