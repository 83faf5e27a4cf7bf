import { APPROVAL_MESSAGES } from '@sente/contracts/movement-approvals';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { badRequest } from '../../../lib/http-error.ts';
import { moneyMoverIds } from './repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The members of the account who may answer what `makerId` made: every member who joined, is not removed, and whose
 * role may move money, but the maker (an API key's request, `makerId` null, may be answered by any of them).
 */
export async function approversOf(db: Db, accountId: string, makerId: string | null): Promise<string[]> {
  return [...new Set(await moneyMoverIds(db, accountId, makerId))];
}

/** Decision 071: an approval threshold is refused while fewer than two members may move money (each needs another). */
export async function assertApproversForThreshold(db: Db, accountId: string): Promise<void> {
  if ((await approversOf(db, accountId, null)).length < 2) throw badRequest(APPROVAL_MESSAGES.noOtherApprover);
}

/**
 * Decision 071: nothing is held for a second member who does not exist. A sole member who may move money is told to
 * invite one first, when saving an approval threshold, submitting a batch, or moving an amount that would be held.
 */
export async function assertAnotherApprover(db: Db, accountId: string, makerId: string | null): Promise<void> {
  if ((await approversOf(db, accountId, makerId)).length === 0) throw badRequest(APPROVAL_MESSAGES.noOtherApprover);
}
