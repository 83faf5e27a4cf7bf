import { type Kysely, sql } from 'kysely';
import type { CodePurpose, Database } from '../../db/database.ts';

export function createAuthRepository(db: Kysely<Database>) {
  return {
    findUserByEmailOrPhone(emailOrPhone: string) {
      const value = emailOrPhone.trim();
      const digits = value.replace(/[^\d]/g, '');
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          value.includes('@') || digits.length < 10
            ? eb('email', '=', value.toLowerCase())
            : eb.or([eb('email', '=', value.toLowerCase()), eb('phone', '=', digits)]),
        )
        .orderBy('created_at')
        .executeTakeFirst();
    },

    findUserById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts a user unless the email is taken; answers undefined when it is. */
    insertUser(user: { firstname: string; lastname: string; email: string; password_hash: string }) {
      return db
        .insertInto('users')
        .values(user)
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    markVerified(userId: string) {
      return db
        .updateTable('users')
        .set({ verified_at: new Date(), updated_at: new Date() })
        .where('id', '=', userId)
        .where('verified_at', 'is', null)
        .execute();
    },

    setPassword(userId: string, passwordHash: string) {
      return db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    latestCode(userId: string, purpose: CodePurpose) {
      return db
        .selectFrom('one_time_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Voids every open code of this purpose and stores the new one, in one transaction. */
    replaceCode(userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('one_time_codes')
          .set({ consumed_at: new Date() })
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .where('consumed_at', 'is', null)
          .execute();
        return trx
          .insertInto('one_time_codes')
          .values({ user_id: userId, purpose, code_hash: codeHash, expires_at: expiresAt })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async countFailedAttempt(codeId: string): Promise<number> {
      const row = await db
        .updateTable('one_time_codes')
        .set({ attempts: sql`attempts + 1` })
        .where('id', '=', codeId)
        .returning('attempts')
        .executeTakeFirstOrThrow();
      return row.attempts;
    },

    /** Marks a code used; answers false when another request used it first. */
    async consumeCode(codeId: string): Promise<boolean> {
      const result = await db
        .updateTable('one_time_codes')
        .set({ consumed_at: new Date() })
        .where('id', '=', codeId)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    insertSession(session: { user_id: string; refresh_hash: string; expires_at: Date; user_agent: string | null }) {
      return db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
    },

    findSession(id: string) {
      return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Swaps the refresh hash only if it is still the one presented, so a token rotates once. */
    async rotateSession(id: string, fromHash: string, toHash: string, expiresAt: Date): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ refresh_hash: toHash, rotated_at: new Date(), expires_at: expiresAt })
        .where('id', '=', id)
        .where('refresh_hash', '=', fromHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    revokeSession(id: string) {
      return db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    revokeAllSessions(userId: string) {
      return db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
