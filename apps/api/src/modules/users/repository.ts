import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export function findById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Saves the profile; false when the phone is another user's (the unique index decides, races included). */
export async function updateProfile(
  db: Kysely<Database>,
  id: string,
  profile: { firstname: string; lastname: string; phone: string | null },
): Promise<boolean> {
  try {
    await db
      .updateTable('users')
      .set({ ...profile, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}
