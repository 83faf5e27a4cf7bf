import type { Account } from '@sente/contracts/accounts';
import { PROFILE_COMPLETION } from '@sente/contracts/constants';

type AccountWithBusinessDetails = Account & { business_details?: object | null };

export function businessDetailsOf(account: AccountWithBusinessDetails): object | null {
  return account.business_details ?? null;
}

/**
 * What the Profile completion ring counts, each once: the First steps tick their steps of the same names with the same
 * checks, so the two cards never disagree about the account.
 */
export const PROFILE_CHECKS = {
  business: (account: Account) => businessDetailsOf(account) !== null,
  approved: (account: Account) => account.is_approved,
} as const;

/** Profile completion: 0.6, 0.9 once business details exist, 1 once the account is approved. */
export function profileCompletion(account: Account | null): number {
  if (account === null) return PROFILE_COMPLETION.base;
  if (PROFILE_CHECKS.approved(account)) return PROFILE_COMPLETION.approved;
  return PROFILE_CHECKS.business(account) ? PROFILE_COMPLETION.withBusinessDetails : PROFILE_COMPLETION.base;
}
