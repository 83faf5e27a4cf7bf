import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

/**
 * The second factors a sign-in can be finished with, by their RFC 8176 method: `otp`, the code e-mailed (and texted
 * to a verified phone). Each has its verify function in factors.ts.
 */
export type SecondFactorMethod = 'otp';
/** How a sign-in was proven (RFC 8176 `amr` values): the password, then a second factor. */
export type AuthMethod = 'pwd' | SecondFactorMethod;

export type CodePurpose = 'verify_account' | 'login' | 'password_reset' | 'wallet_pin_reset' | 'verify_phone';

export interface OneTimeCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  refresh_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
  /** The address the session was signed in from, then the one it last refreshed from (migration 052). */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  rotated_at: Timestamp | null;
  /** How many times the refresh token has rotated; bounds how far back a presented secret is followed (migration 005). */
  refresh_generation: Generated<number>;
  /** How the sign-in that started the session was proven, in RFC 8176 values (migration 051). */
  amr: AuthMethod[];
}

/** Step one of a sign-in, proven, waiting for its second factor (decision 080, migration 051). */
export interface SignInChallengesTable {
  id: Generated<string>;
  user_id: string;
  /** A keyed hash of the secret handed to the client; the secret itself is never stored. */
  secret_hash: string;
  /** A keyed hash of the password hash proven at step one: a password changed since no longer matches. */
  password_proof: string;
  factor: SecondFactorMethod;
  /** The methods step one proved. */
  amr: AuthMethod[];
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export type FailureKind = 'password' | 'code';

/** Failed sign-in attempts per identifier or user, in windows (migration 005). */
export interface AuthFailuresTable {
  /** A hash of `id:<identifier as typed, normalised>` or `user:<user id>`. */
  key: string;
  kind: FailureKind;
  failures: number;
  window_ends_at: Date;
}

export type SessionRow = Selectable<SessionsTable>;
export type SignInChallengeRow = Selectable<SignInChallengesTable>;
