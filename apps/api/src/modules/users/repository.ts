import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export function findById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Saves the profile (a changed phone is no longer verified); false when the phone is another user's (the unique index decides, races included). */
export async function updateProfile(
  db: Kysely<Database>,
  id: string,
  profile: { firstname: string; lastname: string; phone: string | null },
): Promise<boolean> {
  try {
    await db
      .updateTable('users')
      .set({
        ...profile,
        // A new phone is not proved (decision 070); the same phone saved again keeps its proof.
        phone_verified_at: sql<Date | null>`case when phone is not distinct from ${profile.phone} then phone_verified_at end`,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

/** Marks the phone verified if it is still the profile's; false when the profile was saved with another one since. */
export async function markPhoneVerified(db: Kysely<Database>, id: string, phone: string | null): Promise<boolean> {
  if (!phone) return false;
  const result = await db
    .updateTable('users')
    .set({ phone_verified_at: new Date() })
    .where('id', '=', id)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
