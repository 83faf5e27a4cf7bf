import { z } from 'zod';
import { pageOf } from './api.ts';
import { STAFF_ROLES, type StaffRole } from './constants.ts';
import { TEAM_MESSAGES } from './messages.ts';
import { emailField } from './validation.ts';

/** How long an invitation e-mail's link stays good, in days. */
export const INVITE_TTL_DAYS = 7;

/** Staff member: `user` is null while the invitee has not joined (the row shows 'Invite Sent'). */
export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  user: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
  staff_role: z.enum(STAFF_ROLES),
  creator_id: z.string(),
  user_id: z.string().nullable(),
});
export type StaffMember = z.output<typeof staffMember>;

/** Page shape of GET /api/staff/list. */
export const staffPage = pageOf(staffMember);
export type StaffPage = z.output<typeof staffPage>;

/** POST /api/staff/register ('Email is missing', 'Role is missing'). */
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
export const invitation = z.object({ account_name: z.string(), staff_role: z.enum(STAFF_ROLES), email: z.string() });
export type Invitation = z.output<typeof invitation>;

/** POST /api/staff/accept: the joined account, now the caller's current one. */
export const acceptedInvitation = z.object({ sente_account_id: z.string(), account_name: z.string() });
export type AcceptedInvitation = z.output<typeof acceptedInvitation>;

/** The invitation link's token (43 base64url characters); anything else is an invitation that does not exist. */
export const invitationInput = z.object({
  invite: z.string({ error: TEAM_MESSAGES.invitationInvalid }).regex(/^[\w-]{43}$/, TEAM_MESSAGES.invitationInvalid),
});
