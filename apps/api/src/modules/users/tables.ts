import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

export interface UsersTable {
  id: Generated<string>;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  /** When the member proved the phone with a texted code (decision 070); null until then and after it changes. */
  phone_verified_at: Timestamp | null;
  password_hash: string;
  verified_at: Timestamp | null;
  current_account_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
