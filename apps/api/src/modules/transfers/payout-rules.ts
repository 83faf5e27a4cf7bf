import { KAMPALA_OFFSET_MS, kampalaDay } from '@sente/contracts/dates';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import {
  mostAllowed,
  type PayoutAllowance,
  type PayoutRules,
  type PayoutRulesSettings,
  payoutRuleRefusal,
} from '@sente/contracts/payout-rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { findPayoutRules, sentOutSince, upsertPayoutRules } from './repository.ts';

export { needsApproval } from '@sente/contracts/payout-rules';

const NO_RULES: PayoutRules = {
  per_payout_cap: null,
  daily_cap: null,
  member_daily_cap: null,
  approval_threshold: 0,
  updated_at: null,
};

const amountOrNull = (value: string | null) => (value === null ? null : Number(value));

/** The account's payout rules; an account that never set them has none (every cap off). */
export async function readPayoutRules(db: Kysely<Database>, accountId: string): Promise<PayoutRules> {
  const row = await findPayoutRules(db, accountId);
  if (!row) return NO_RULES;
  return {
    per_payout_cap: amountOrNull(row.per_payout_cap),
    daily_cap: amountOrNull(row.daily_cap),
    member_daily_cap: amountOrNull(row.member_daily_cap),
    approval_threshold: Number(row.approval_threshold),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Sets the account's payout rules, the whole set at once, as `userId` asked. */
export async function savePayoutRules(
  db: Kysely<Database>,
  accountId: string,
  userId: string,
  settings: PayoutRulesSettings,
): Promise<PayoutRules> {
  const values = { ...settings, updated_by: userId, updated_at: new Date() };
  await upsertPayoutRules(db, accountId, values);
  return readPayoutRules(db, accountId);
}

/** Whether any cap is set, so a movement has something to check. */
export const hasCaps = (rules: PayoutRules): boolean =>
  rules.per_payout_cap !== null || rules.daily_cap !== null || rules.member_daily_cap !== null;

/** The start of today in Kampala (EAT, UTC+3 all year), as an instant. */
export function kampalaDayStart(now: Date): Date {
  return new Date(Date.parse(`${kampalaDay(now)}T00:00:00Z`) - KAMPALA_OFFSET_MS);
}

/** What left the account in its environment since `since`, and what of it `memberId` moved; rejected movements not counted. */
async function sentSince(
  trx: Kysely<Database> | Transaction<Database>,
  scope: MoneyScope,
  memberId: string | null,
  since: Date,
  excluded: string | null,
) {
  const sent = await sentOutSince(trx, scope, memberId, since, excluded);
  return { account: Number(sent?.account ?? 0), member: Number(sent?.member ?? 0) };
}

export type PayoutRuleOptions = {
  /** Whether the cap per payout applies: a refund pays a payer back what they paid, so it is not capped per movement. */
  perPayout?: boolean;
  /** The new movement's id when its row is already written (the wallet transfer's one statement), so it counts once. */
  written?: string;
  /** Whether the day's caps apply: a batch's rows are checked against the cap per payout apart from its total. */
  dailyCaps?: boolean;
};

/**
 * Refuses a movement of `amount` out of the account that would break one of its payout rules, naming the rule
 * (a 400 with the code `payout_rule`), so the caller's transaction rolls back and nothing is written. Called inside the
 * movement's transaction after the merchant wallet's row is locked (the money-out frame's hold, disburse.ts, or the wallet transfer's statement): two
 * movements of one account wait there for each other, so each sees what the other moved. The daily sums are of the
 * Kampala day, over every kind of money out that is not rejected, plus this movement; the member's sum counts the
 * movements they made (an API key's payout, with no member, counts for the account only).
 */
export async function checkPayoutRules(
  trx: Transaction<Database>,
  scope: MoneyScope,
  memberId: string | null,
  amount: number,
  options: PayoutRuleOptions = {},
): Promise<void> {
  const rules = await readPayoutRules(trx, scope.accountId);
  if (!hasCaps(rules)) return;
  const refuse = (message: string) => new HttpError(400, message, { code: API_ERROR_CODES.payoutRule });
  const caps = (options.perPayout ?? true) ? rules : { ...rules, per_payout_cap: null };
  const overCap = payoutRuleRefusal(caps, amount);
  if (overCap) throw refuse(overCap);
  if (options.dailyCaps === false) return;
  if (rules.daily_cap === null && (rules.member_daily_cap === null || memberId === null)) return;
  const sent = await sentSince(trx, scope, memberId, kampalaDayStart(new Date()), options.written ?? null);
  const overDay = payoutRuleRefusal(caps, amount, { account: sent.account, member: memberId === null ? null : sent.member });
  if (overDay) throw refuse(overDay);
}

/**
 * What `memberId` may still send out of the account today under its caps (GET /api/payout-rules/allowance): the caps,
 * the day's sums as checkPayoutRules counts them, and the most one movement may be. A reading outside any movement: the
 * movement is checked again inside its own transaction.
 */
export async function readPayoutAllowance(db: Kysely<Database>, scope: MoneyScope, memberId: string): Promise<PayoutAllowance> {
  const { per_payout_cap, daily_cap, member_daily_cap } = await readPayoutRules(db, scope.accountId);
  const caps = { per_payout_cap, daily_cap, member_daily_cap };
  const sent = await sentSince(db, scope, memberId, kampalaDayStart(new Date()), null);
  return { ...caps, sent_today: sent.account, sent_today_by_you: sent.member, most: mostAllowed(caps, sent) };
}
