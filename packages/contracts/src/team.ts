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

/** GET /api/staff/invitation: what the invitation link's page shows before the invitee signs up or signs in. */
export type Invitation = { account_name: string; staff_role: StaffRole; email: string };

/** POST /api/staff/accept: the joined account, now the caller's current one. */
export type AcceptedInvitation = { sente_account_id: string; account_name: string };

/** The invitation link's token (43 base64url characters); anything else is an invitation that does not exist. */
export const invitationInput = z.object({
  invite: z.string({ error: TEAM_MESSAGES.invitationInvalid }).regex(/^[\w-]{43}$/, TEAM_MESSAGES.invitationInvalid),
});
