import type { StaffRole } from '@sente/contracts/constants';
import { post } from './http.ts';
import { lastMessage } from './outbox.ts';
import type { Merchant } from './payments.ts';
import type { TestApp } from './test-app.ts';
import { createSignedInUser, uniqueEmail } from './users.ts';

/** The invitation token in the newest message to this address (the link's `invite=` parameter). */
export function inviteToken(t: TestApp, email: string): string {
  const token = /\/signup\?invite=([\w-]+)&email=/.exec(lastMessage(t.outboxDir, email)?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation in the outbox for ${email}`);
  return token;
}

/** POST /api/staff/register as `who`, failing loudly unless the invitation is sent. */
export async function invite(t: TestApp, who: { accessToken: string }, email: string, role: StaffRole): Promise<void> {
  const res = await post(t, who, '/api/staff/register', { email, staff_role: role });
  if (res.statusCode !== 201) throw new Error(`staff/register answered ${res.statusCode}: ${res.body}`);
}

/**
 * A new person joins the owner's account the real way: the owner invites their address with the role, they sign up
 * with it, verify it from the e-mailed code and sign in. Fails loudly unless they land in the account with the role.
 */
export async function joinByInvitation(
  t: TestApp,
  owner: Merchant,
  role: StaffRole,
  names: { firstname: string; lastname: string },
): Promise<Merchant> {
  const email = uniqueEmail(role.replace('_', '-'));
  await invite(t, owner, email, role);
  const member = await createSignedInUser(t, { email, ...names });
  const { current_account, current_role } = member.user;
  if (current_account?.id !== owner.accountId || current_role !== role) {
    throw new Error(
      `${email} joined ${current_account?.id ?? 'no account'} as ${current_role}, not ${owner.accountId} as ${role}`,
    );
  }
  return { ...member, accountId: owner.accountId };
}
