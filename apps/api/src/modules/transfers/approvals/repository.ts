import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';

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
