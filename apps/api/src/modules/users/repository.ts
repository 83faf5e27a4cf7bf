import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export function createUsersRepository(db: Kysely<Database>) {
  return {
    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    updateProfile(id: string, profile: { firstname: string; lastname: string; phone: string | null }) {
      return db
        .updateTable('users')
        .set({ ...profile, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
