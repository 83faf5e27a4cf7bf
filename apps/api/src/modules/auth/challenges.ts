import { OTP_MAX_ATTEMPTS } from '@sente/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { hmac, randomToken, safeEqual } from '../../lib/secrets.ts';
import type { UserRow } from '../users/tables.ts';
import {
  consumeChallenge,
  countChallengeAttempt,
  deleteExpiredChallenges,
  findChallenge,
  insertChallenge,
} from './repository.ts';
import type { AuthMethod, SecondFactorMethod, SignInChallengeRow } from './tables.ts';
import { normaliseIdentifier } from './throttle.ts';

/** How long a challenge waits for its second factor: as long as the code it usually waits for lives. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** Wrong proofs one challenge takes; the last one spends it (the e-mailed code allows as many). */
export const CHALLENGE_MAX_ATTEMPTS = OTP_MAX_ATTEMPTS;

/** A challenge's secret: 32 random bytes in base64url. */
const SECRET_SHAPE = /^[\w-]{43}$/;

/**
 * Decision 080: the proof of a sign-in's first step, handed to the client as an opaque secret and stored only as its
 * keyed hash. It names the user and the password proven, the factor that finishes it and the methods proven so far; it
 * lasts CHALLENGE_TTL_MS, takes CHALLENGE_MAX_ATTEMPTS wrong proofs and finishes one sign-in.
 */
export function createSignInChallenges({ db, pepper }: { db: Kysely<Database>; pepper: string }) {
  const hashSecret = (secret: string) => hmac(pepper, `sign-in-challenge:${secret}`);
  const passwordProof = (user: UserRow) => hmac(pepper, `sign-in-password:${user.id}:${user.password_hash}`);

  return {
    /** Step one proved `amr` for this user: answers the secret of a new challenge for `factor`. */
    async issue(user: UserRow, factor: SecondFactorMethod, amr: AuthMethod[]): Promise<string> {
      await deleteExpiredChallenges(db, user.id);
      const secret = randomToken(32);
      await insertChallenge(db, {
        user_id: user.id,
        secret_hash: hashSecret(secret),
        password_proof: passwordProof(user),
        factor,
        amr,
        expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return secret;
    },

    /** The challenge behind a secret; undefined for none, or a secret never issued. */
    async find(secret: string | undefined): Promise<SignInChallengeRow | undefined> {
      return secret && SECRET_SHAPE.test(secret) ? findChallenge(db, hashSecret(secret)) : undefined;
    },

    /** Whether the challenge is unused and unexpired. */
    isOpen: (challenge: SignInChallengeRow) => !challenge.consumed_at && new Date(challenge.expires_at).getTime() > Date.now(),

    /**
     * Whether the challenge still proves step one for this sign-in: its user exists with the password it proved, and
     * the address or phone typed at step two is that user's (however typed).
     */
    provenFor(challenge: SignInChallengeRow, user: UserRow | undefined, emailOrPhone: string): user is UserRow {
      if (!user || !safeEqual(passwordProof(user), challenge.password_proof)) return false;
      const typed = normaliseIdentifier(emailOrPhone);
      return typed === user.email.toLowerCase() || (user.phone !== null && typed === normaliseIdentifier(user.phone));
    },

    /** Counts a wrong proof; answers whether that spent the challenge's last attempt. */
    async countWrongProof(challenge: SignInChallengeRow): Promise<boolean> {
      return (await countChallengeAttempt(db, challenge.id)) >= CHALLENGE_MAX_ATTEMPTS;
    },

    /** Uses the challenge up; false when another request used it first or it expired meanwhile. */
    consume: (challenge: SignInChallengeRow) => consumeChallenge(db, challenge.id),
  };
}

export type SignInChallenges = ReturnType<typeof createSignInChallenges>;
