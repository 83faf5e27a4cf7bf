import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from './constants.ts';
import { TEAM_MESSAGES } from './messages.ts';
import { emailField } from './validation.ts';

/** How long an invitation e-mail's link stays good, in days. */
export const INVITE_TTL_DAYS = 7;

/** Spec §3 Staff member: `user` is null while the invitee has not joined (the row shows 'Invite Sent'). */
export type StaffMember = {
  id: string;
  email: string;
  user: { firstname: string; lastname: string } | null;
  staff_role: StaffRole;
  creator_id: string;
  user_id: string | null;
};

/** Spec §7 page shape of GET /api/staff/list. */
export type StaffPage = {
  items: StaffMember[];
  lastCursor: string | null;
  nextCursor: string | null;
  totalItems: number;
  totalPages: number;
};

/** POST /api/staff/register (spec §5 'Staff invite': 'Email is missing', 'Role is missing'). */
export const staffInviteInput = z.object({
  email: emailField(TEAM_MESSAGES.emailMissing, TEAM_MESSAGES.invalidEmail),
  staff_role: z
    .string({ error: TEAM_MESSAGES.roleMissing })
    .trim()
    .min(1, TEAM_MESSAGES.roleMissing)
    .refine((role) => role === '' || (STAFF_ROLES as readonly string[]).includes(role), TEAM_MESSAGES.roleInvalid)
    .transform((role) => role as StaffRole),
});
export type StaffInviteInput = z.infer<typeof staffInviteInput>;
