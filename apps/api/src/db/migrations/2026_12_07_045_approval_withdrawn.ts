import { type Kysely, sql } from 'kysely';

/**
 * A movement awaiting approval may be withdrawn by the member who asked for it (decision 071): `transfers.approval_status`
 * takes 'withdrawn' (the movement is then rejected and its money returned, as a declined one), and `approver_id` names
 * whoever answered it, the maker for a withdrawal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transfers drop constraint transfers_approval_status_check`.execute(db);
  await sql`alter table transfers add constraint transfers_approval_status_check
            check (approval_status in ('awaiting', 'approved', 'declined', 'expired', 'withdrawn'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update transfers set approval_status = 'declined' where approval_status = 'withdrawn'`.execute(db);
  await sql`alter table transfers drop constraint transfers_approval_status_check`.execute(db);
  await sql`alter table transfers add constraint transfers_approval_status_check
            check (approval_status in ('awaiting', 'approved', 'declined', 'expired'))`.execute(db);
}
