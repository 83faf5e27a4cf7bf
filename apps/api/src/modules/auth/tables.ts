import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

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
