import type { Kysely } from 'kysely';
import * as postingTime from './2026_11_28_035_posting_time.ts';

/**
 * `post_movement` loses the time it could be given (decision 084): every movement is stamped by the database's clock,
 * entries with clock_timestamp() once their wallets are locked and the transaction with now() (decision 052). The
 * function is the one migration 035 replaced, so this is that migration undone, and undoing this one redoes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await postingTime.down(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await postingTime.up(db);
}
