import type { StaffRole } from '@sente/contracts/constants';
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

export interface AccountMembersTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  email: string;
  staff_role: StaffRole;
  creator_id: string;
  removed_at: Timestamp | null;
  created_at: CreatedAt;
  /** Team invitations (migration 010): SHA-256 of the e-mailed token, when it runs out, when the invitee joined. */
  invite_token_hash: string | null;
  invite_expires_at: Timestamp | null;
  joined_at: Timestamp | null;
}
