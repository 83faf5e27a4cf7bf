import type { UpdateProfileInput, User } from '@sente/contracts/accounts';
import { MESSAGES } from '@sente/contracts/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, unauthorized } from '../../lib/http-error.ts';
import { findMembership, listMemberships } from '../accounts/repository.ts';
import { toAccount } from '../accounts/service.ts';
import type { DevelopersService } from '../developers/service.ts';
import * as usersRepo from './repository.ts';
import type { UserRow } from './tables.ts';

type Deps = {
  db: Kysely<Database>;
  /** The account's UGX merchant balances (the ledger's cached wallet balances). */
  walletOf: (accountId: string) => Promise<{ live: number; test: number }>;
  /** The account's API keys as the profile shows them to a role (null for a role without the right). */
  keysOf: DevelopersService['profileKeys'];
};

export function createUsersService({ db, walletOf, keysOf }: Deps) {
  async function requireUser(userId: string): Promise<UserRow> {
    const user = await usersRepo.findById(db, userId);
    if (!user) throw unauthorized(MESSAGES.unauthenticated);
    return user;
  }

  return {
    requireUser,

    /** The profile: the user, their memberships, and the current account they still belong to. */
    async loadProfile(userId: string): Promise<User> {
      const user = await requireUser(userId);
      const [memberships, current] = await Promise.all([
        listMemberships(db, userId),
        user.current_account_id ? findMembership(db, userId, user.current_account_id) : undefined,
      ]);
      const [wallet, keys] = current
        ? await Promise.all([walletOf(current.id), keysOf(current.id, current.staff_role)])
        : [null, null];
      return {
        user_id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        phone: user.phone,
        phone_verified: user.phone_verified_at !== null,
        current_account: current && wallet && keys ? toAccount(current, wallet, keys) : null,
        current_role: current?.staff_role ?? null,
        staff_profiles: memberships.map((m) => ({
          id: m.member_id,
          staff_role: m.staff_role,
          sente_account: { id: m.account_id, account_name: m.account_name },
        })),
      };
    },

    async updateProfile(userId: string, input: UpdateProfileInput): Promise<void> {
      const saved = await usersRepo.updateProfile(db, userId, {
        firstname: input.firstname,
        lastname: input.lastname,
        // Already in its one format (`+256...`, updateProfileInput), so a phone signs in however it is typed.
        phone: input.phone || null,
      });
      // A phone signs in, so it may belong to one user only; which user holds it is not said.
      if (!saved) throw badRequest(MESSAGES.phoneInUse);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
