import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../db/database.ts';
import type { SmsMessagesTable } from './tables.ts';

/** Records a text about to be handed to its first gateway; answers its id. */
export async function insertSmsMessage(db: Kysely<Database>, message: Insertable<SmsMessagesTable>): Promise<string> {
  const { id } = await db.insertInto('sms_messages').values(message).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Writes what a route did with a message (took it, refused it, or no route is left). */
export async function updateSmsMessage(db: Kysely<Database>, id: string, values: Updateable<SmsMessagesTable>): Promise<void> {
  await db.updateTable('sms_messages').set(values).where('id', '=', id).execute();
}

/** The message a gateway's delivery report names, by the gateway's id for it. */
export const smsMessageOfRoute = (db: Kysely<Database>, route: string, providerMessageId: string) =>
  db
    .selectFrom('sms_messages')
    .select(['id', 'status', 'resend_due_at'])
    .where('route', '=', route)
    .where('provider_message_id', '=', providerMessageId)
    .executeTakeFirst();

/** Writes a delivery report's outcome on a message only while it is still `sent` (a final one is not changed). */
export async function updateSentSmsMessage(
  db: Kysely<Database>,
  id: string,
  values: Updateable<SmsMessagesTable>,
): Promise<void> {
  await db.updateTable('sms_messages').set(values).where('id', '=', id).where('status', '=', 'sent').execute();
}

/**
 * Claims up to `limit` sent messages whose resend is due at `at`, oldest due first, by clearing their due time; rows
 * another worker holds are skipped.
 */
export const claimDueResends = (db: Kysely<Database>, at: Date, limit: number) =>
  db
    .updateTable('sms_messages')
    .set({ resend_due_at: null, updated_at: at })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('sms_messages')
        .select('id')
        .where('resend_due_at', '<=', at)
        .where('status', '=', 'sent')
        .orderBy('resend_due_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'to_number', 'text', 'purpose', 'attempts'])
    .execute();
