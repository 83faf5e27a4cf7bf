import { createHash, randomBytes } from 'node:crypto';
import { roleHasRight, STAFF_ROLE_LABELS, type StaffRole } from '@sente/contracts/constants';
import { EMAIL_TEXTS as T } from '@sente/contracts/emails';
import { LINK_MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import {
  type AcceptedInvitation,
  INVITE_TTL_DAYS,
  type Invitation,
  type StaffInviteInput,
  type StaffMember,
  type StaffPage,
} from '@sente/contracts/team';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MemberActor } from '../../lib/actor.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import type { Mailer } from '../../mail/mailer.ts';
import * as teamRepo from './repository.ts';

const SCOPE = 'staff';

export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createTeamService({ db, mailer, publicUrl }: { db: Kysely<Database>; mailer: Mailer; publicUrl: string }) {
  return {
    /**
     * The team, shown to every member (decision 037): those who manage the team also see the open invitations,
     * the others see only the people who joined.
     */
    async list(account: { id: string; role: StaffRole }, cursorValue?: string): Promise<StaffPage> {
      const cursor = cursorValue === undefined ? null : decodeCursor(cursorValue);
      if (cursor && cursor.scope !== SCOPE) throw badRequest(LINK_MESSAGES.invalidCursor);
      const scope: teamRepo.TeamScope = roleHasRight(account.role, 'manageAccount') ? 'members-and-invitations' : 'members';
      const [rows, total] = await Promise.all([
        teamRepo.page(db, account.id, scope, cursor),
        teamRepo.count(db, account.id, scope),
      ]);
      return toPage(
        rows,
        total,
        SCOPE,
        (row): StaffMember => ({
          id: row.id,
          email: row.email,
          user: row.user_id && row.firstname !== null ? { firstname: row.firstname, lastname: row.lastname ?? '' } : null,
          staff_role: row.staff_role,
          creator_id: row.creator_id,
          user_id: row.user_id,
        }),
      );
    },

    /** POST /api/staff/register: e-mails an invitation whose link leads to sign-up (or sign-in). */
    async invite(account: { id: string }, creator: MemberActor, { email, staff_role }: StaffInviteInput): Promise<void> {
      const existing = await teamRepo.findByEmail(db, account.id, email);
      if (existing?.user_id) throw badRequest(TEAM_MESSAGES.alreadyMember);
      const expired = existing && (!existing.invite_expires_at || new Date(existing.invite_expires_at) <= new Date());
      if (existing && !expired) throw badRequest(TEAM_MESSAGES.alreadyInvited);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 24 * 3600 * 1000);
      const stored = await teamRepo.invite(db, {
        accountId: account.id,
        email,
        role: staff_role,
        creatorId: creator.userId,
        tokenHash: hashInviteToken(token),
        expiresAt,
        ...(existing ? { renewId: existing.id } : {}),
      });
      if (!stored) throw badRequest(TEAM_MESSAGES.alreadyInvited);
      const { account_name } = await teamRepo.accountName(db, account.id);
      const query = `invite=${token}&email=${encodeURIComponent(email)}`;
      await mailer.send({
        to: email,
        subject: T.invitationSubject(account_name),
        text: [
          T.invitation(account_name, STAFF_ROLE_LABELS[staff_role]),
          '',
          T.invitationNewMember,
          `${publicUrl}/signup?${query}`,
          '',
          T.invitationExistingMember,
          `${publicUrl}/?${query}`,
          '',
          T.invitationJoins(email, INVITE_TTL_DAYS),
        ].join('\n'),
      });
    },

    /** POST /api/staff/hide_staff/{id}: removes a member or cancels an invitation ('Failed to remove account'). */
    async remove(accountId: string, memberId: string): Promise<void> {
      if (!isUuid(memberId)) throw notFound(TEAM_MESSAGES.removeFailed);
      const outcome = await teamRepo.remove(db, accountId, memberId);
      if (outcome === 'not-found') throw notFound(TEAM_MESSAGES.removeFailed);
      if (outcome === 'last-owner') throw forbidden(TEAM_MESSAGES.removeFailed);
    },

    /** The invitation link's page: which account, which role, which address (docs/features.md#team). */
    async invitation(token: string): Promise<Invitation> {
      const row = await teamRepo.findByToken(db, hashInviteToken(token));
      if (!row) throw notFound(TEAM_MESSAGES.invitationInvalid);
      return { account_name: row.account_name, staff_role: row.staff_role, email: row.email };
    },

    /**
     * A signed-in user follows the invitation link: joins the account if the invitation was sent to their address,
     * and lands in it (it becomes their current account).
     */
    async accept(token: string, userId: string): Promise<AcceptedInvitation> {
      const row = await teamRepo.findByToken(db, hashInviteToken(token));
      if (!row) throw notFound(TEAM_MESSAGES.invitationInvalid);
      const { email } = await teamRepo.userEmail(db, userId);
      if (row.email !== email.toLowerCase()) throw forbidden(TEAM_MESSAGES.invitationOtherEmail);
      if (!(await teamRepo.accept(db, row.id, row.account_id, userId))) throw notFound(TEAM_MESSAGES.invitationInvalid);
      return { sente_account_id: row.account_id, account_name: row.account_name };
    },

    joinOpenInvitations: (user: { id: string; email: string }) => teamRepo.joinOpenInvitations(db, user),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
