import { RIGHTS } from '@sente/contracts/constants';
import type { MovementApproval } from '@sente/contracts/movement-approvals';
import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';
import type { TransferRecord, TransfersTable } from '../../money/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What waits for `actor`'s answer in their account and environment (decision 071): held movements and submitted
 * batches not yet expired that someone else asked for (an API key's included).
 */
export async function countAwaiting(db: Kysely<Database>, actor: MemberInScope, now: Date) {
  const [movements, batches] = await Promise.all([
    db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', actor.accountId)
      .where('environment', '=', actor.environment)
      .where('approval_status', '=', 'awaiting')
      .where('status', '=', 'pending')
      .where('approval_expires_at', '>', now)
      .where((eb) => eb.or([eb('creator_id', 'is', null), eb('creator_id', '!=', actor.userId)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payout_batches')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', actor.accountId)
      .where('environment', '=', actor.environment)
      .where('status', '=', 'submitted')
      .where('expires_at', '>', now)
      .where((eb) => eb.or([eb('maker_id', 'is', null), eb('maker_id', '!=', actor.userId)]))
      .executeTakeFirstOrThrow(),
  ]);
  return { movements: Number(movements.n), batches: Number(batches.n) };
}

/**
 * The ids of the joined, not removed members of the account whose role may move money, but `makerId` when given (a
 * member may appear once per row; callers take each once).
 */
export async function moneyMoverIds(db: Db, accountId: string, makerId: string | null): Promise<string[]> {
  let query = db
    .selectFrom('account_members')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('removed_at', 'is', null)
    .where('user_id', 'is not', null)
    .where('staff_role', 'in', [...RIGHTS.moveMoney]);
  if (makerId) query = query.where('user_id', '!=', makerId);
  const rows = await query.execute();
  return rows.map((row) => row.user_id as string);
}

/** A movement of the actor's account and environment, locked for the answer's transaction. */
export async function lockMovement(trx: Transaction<Database>, actor: MemberInScope, id: string) {
  return trx
    .selectFrom('transfers')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', actor.accountId)
    .where('environment', '=', actor.environment)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes a member's answer on a held movement, with any columns the answer changes besides. */
export async function markMovementAnswered(
  trx: Transaction<Database>,
  id: string,
  answer: { status: MovementApproval; approverId: string; now: Date },
  besides: Pick<Updateable<TransfersTable>, 'expires_at' | 'settle_at' | 'worker_next_attempt_at'> = {},
): Promise<void> {
  await trx
    .updateTable('transfers')
    .set({ approval_status: answer.status, approver_id: answer.approverId, updated_at: answer.now, ...besides })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks up to `limit` pending movements whose approval request ran out by `now` expired, oldest first, skipping those
 * another worker holds; answers each with its kind.
 */
export async function expireDueMovements(db: Db, now: Date, limit: number) {
  const { rows } = await sql<Pick<TransferRecord, 'id' | 'kind'>>`
    update transfers t set approval_status = 'expired', updated_at = now()
      from (select id from transfers where approval_status = 'awaiting' and status = 'pending'
               and approval_expires_at <= ${now.toISOString()}::timestamptz
             order by approval_expires_at limit ${limit} for update skip locked) due
     where t.id = due.id
    returning t.id, t.kind`.execute(db);
  return rows;
}

/** Declined or withdrawn movements still pending: their money is yet to be returned. */
export async function unreturnedMovements(db: Db, limit: number) {
  return db
    .selectFrom('transfers')
    .select(['id', 'kind', 'approval_status'])
    .where('approval_status', 'in', ['declined', 'withdrawn'])
    .where('status', '=', 'pending')
    .limit(limit)
    .execute();
}

/** Approved wallet transfers still pending: their recipient is yet to be credited. */
export async function uncreditedWalletTransfers(db: Db, limit: number) {
  return db
    .selectFrom('transfers')
    .select('id')
    .where('kind', '=', 'wallet_transfer')
    .where('approval_status', '=', 'approved')
    .where('status', '=', 'pending')
    .limit(limit)
    .execute();
}
