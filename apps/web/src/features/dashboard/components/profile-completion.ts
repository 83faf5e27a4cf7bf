import type { Account } from '@sente/contracts/accounts';
import { PROFILE_COMPLETION } from '@sente/contracts/constants';

type AccountWithBusinessDetails = Account & { business_details?: object | null };

export function businessDetailsOf(account: AccountWithBusinessDetails): object | null {
  return account.business_details ?? null;
}

/** Spec §4 profile completion: 0.6, 0.9 once business details exist, 1 once the account is approved. */
export function profileCompletion(account: Account | null): number {
  if (account === null) return PROFILE_COMPLETION.base;
  if (account.is_approved) return PROFILE_COMPLETION.approved;
  return businessDetailsOf(account) ? PROFILE_COMPLETION.withBusinessDetails : PROFILE_COMPLETION.base;
}
