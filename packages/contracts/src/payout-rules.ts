/**
 * Payout rules (decision 065): an account's caps on money out, set by its owners and administrators, and its approval
 * threshold, above which a single movement also needs a second member. Whole UGX; 0 or empty is off.
 */
import { z } from 'zod';
import { answerOf } from './api.ts';
import { formatMoney } from './format.ts';
import { amountFrom } from './validation.ts';

/** The largest cap or threshold one may set, in UGX: far above any account's day, far below 2^53. */
export const MAX_RULE_AMOUNT = 10_000_000_000;

/** The four settings, in the order the form shows them, with their labels. */
export const PAYOUT_RULE_LABELS = {
  per_payout_cap: 'Cap per payout',
  daily_cap: 'Cap per day for the account',
  member_daily_cap: 'Cap per member per day',
  approval_threshold: 'Second approval above',
} as const;
export type PayoutRuleField = keyof typeof PAYOUT_RULE_LABELS;

export const PAYOUT_RULE_MESSAGES = {
  saved: 'Payout rules saved',
  readOnly: 'Only owners and administrators can change the payout rules.',
  invalid: (label: string) =>
    `${label} must be a whole amount in UGX from 0 to ${formatMoney(MAX_RULE_AMOUNT)} (0 or empty is off)`,
  overPerPayoutCap: (cap: number) => `This payout is over the account's cap of ${formatMoney(cap)} per payout.`,
  overDailyCap: (cap: number) => `This would take the account over its cap of ${formatMoney(cap)} a day.`,
  overMemberDailyCap: (cap: number) => `This would take you over your cap of ${formatMoney(cap)} a day.`,
  allowance: (most: number) =>
    most > 0
      ? `You can send up to ${formatMoney(most)} today under the account's payout rules.`
      : "You cannot send more today under the account's payout rules.",
} as const;

/** One setting as a form or a program sends it: a whole UGX amount as a number or digits ('1,000,000'); 0 or empty is off. */
const ruleAmount = (field: PayoutRuleField) => {
  const message = PAYOUT_RULE_MESSAGES.invalid(PAYOUT_RULE_LABELS[field]);
  return z
    .union([z.number(), z.string().max(30, message).trim(), z.null()], { error: message })
    .optional()
    .transform((value) => (value === null || value === undefined || value === '' ? 0 : amountFrom(value)))
    .refine((value) => Number.isSafeInteger(value) && value >= 0 && value <= MAX_RULE_AMOUNT, message);
};
/** A cap: off is null, as it is stored. */
const cap = (field: PayoutRuleField) => ruleAmount(field).transform((value) => (value === 0 ? null : value));

/** POST /api/payout-rules: the whole set; a setting left out is off. */
export const payoutRulesInput = z.object({
  per_payout_cap: cap('per_payout_cap'),
  daily_cap: cap('daily_cap'),
  member_daily_cap: cap('member_daily_cap'),
  approval_threshold: ruleAmount('approval_threshold'),
});
export type PayoutRulesInput = z.input<typeof payoutRulesInput>;
export type PayoutRulesSettings = z.output<typeof payoutRulesInput>;

/** The account's rules as GET /api/payout-rules answers them; `updated_at` is null until they are first set. */
export const payoutRules = z.object({
  per_payout_cap: z.number().nullable(),
  daily_cap: z.number().nullable(),
  member_daily_cap: z.number().nullable(),
  approval_threshold: z.number(),
  updated_at: z.string().nullable(),
});
export type PayoutRules = z.infer<typeof payoutRules>;

export const payoutRulesAnswer = answerOf(payoutRules);

/** The three caps on money out, null where off. */
export type PayoutCaps = Pick<PayoutRules, 'per_payout_cap' | 'daily_cap' | 'member_daily_cap'>;

/**
 * What left the account today (the Kampala day) in an environment, and what of it one member sent; `member` is null for
 * a movement with no member (an API key's), which only the account's caps count.
 */
export type SentToday = { account: number; member: number | null };

/**
 * The rule a movement of `amount` would break, as its message, or null (decision 065): the cap per payout first, then,
 * when the day's sums are given, the account's cap per day and the member's. The server refuses the movement with it
 * inside its transaction; the Transfers form says it under the amount before the PIN step.
 */
export function payoutRuleRefusal(caps: PayoutCaps, amount: number, sent?: SentToday): string | null {
  if (caps.per_payout_cap !== null && amount > caps.per_payout_cap) {
    return PAYOUT_RULE_MESSAGES.overPerPayoutCap(caps.per_payout_cap);
  }
  if (!sent) return null;
  if (caps.daily_cap !== null && sent.account + amount > caps.daily_cap) return PAYOUT_RULE_MESSAGES.overDailyCap(caps.daily_cap);
  if (caps.member_daily_cap !== null && sent.member !== null && sent.member + amount > caps.member_daily_cap) {
    return PAYOUT_RULE_MESSAGES.overMemberDailyCap(caps.member_daily_cap);
  }
  return null;
}

/**
 * GET /api/payout-rules/allowance: the caps, what left the account today in the active environment and what of it the
 * member asking sent, and so the most one movement of theirs may be now (null when no cap is set). A reading, not a
 * reservation: the movement itself is checked again when it is made.
 */
export const payoutAllowance = z.object({
  per_payout_cap: z.number().nullable(),
  daily_cap: z.number().nullable(),
  member_daily_cap: z.number().nullable(),
  sent_today: z.number(),
  sent_today_by_you: z.number(),
  most: z.number().nullable(),
});
export type PayoutAllowance = z.infer<typeof payoutAllowance>;
export const payoutAllowanceAnswer = answerOf(payoutAllowance);

/** The most one movement may be under the caps, given what was sent today; null when no cap is set. */
export function mostAllowed(caps: PayoutCaps, sent: { account: number; member: number }): number | null {
  const room = [
    caps.per_payout_cap,
    caps.daily_cap === null ? null : caps.daily_cap - sent.account,
    caps.member_daily_cap === null ? null : caps.member_daily_cap - sent.member,
  ].filter((value): value is number => value !== null);
  return room.length === 0 ? null : Math.max(0, Math.min(...room));
}

/** Whether a single movement of `amount` also needs a second member under these rules (0 is off). */
export const needsApproval = (rules: Pick<PayoutRules, 'approval_threshold'>, amount: number): boolean =>
  rules.approval_threshold > 0 && amount > rules.approval_threshold;
