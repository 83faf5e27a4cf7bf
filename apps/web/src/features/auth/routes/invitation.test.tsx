/** The invitation e-mail's links: sign-up and sign-in name the invitation; a signed-in user joins it and lands in it. */
import { TEAM_MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../../lib/session.ts';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { SignInRoute } from './sign-in.tsx';
import { SignUpRoute } from './sign-up.tsx';

const TOKEN = 'a'.repeat(43);
const EMAIL = 'nora@example.com';
const QUERY = `invite=${TOKEN}&email=${encodeURIComponent(EMAIL)}`;
const INVITATION = ok({ account_name: 'Kampala Crafts', staff_role: 'operations', email: EMAIL });
const JOINED = ok(
  { sente_account_id: 'acc-1', account_name: 'Kampala Crafts' },
  TEAM_MESSAGES.invitationJoined('Kampala Crafts'),
);
const INTRO = `${TEAM_MESSAGES.invitationIntro('Kampala Crafts', 'Operations')}`;

function stub({ invitation = INVITATION, accept = JOINED }: { invitation?: Answer; accept?: Answer } = {}) {
  return stubApi({
    'GET /api/staff/invitation': invitation,
    'POST /api/staff/accept': accept,
    'POST /api/login': ok({ email: EMAIL, last_code_sent_at: new Date().toISOString(), sms_to: null }),
    'POST /api/login-otp': ok({ user: testUser(), accessToken: 'a1', refreshToken: 'r1' }),
    'POST /api/logout': ok(),
  });
}

describe('sign up from an invitation', () => {
  it('names the account and role, and fills the invited address in', async () => {
    const api = stub();
    render(<SignUpRoute />, { path: `/signup?${QUERY}` });
    expect(await screen.findByText(`${INTRO} Sign up with ${EMAIL} to join.`)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(api.sent('GET /api/staff/invitation').map((request) => request.path)).toEqual([
      `/api/staff/invitation?invite=${TOKEN}`,
    ]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/?${QUERY}`);
  });

  it('says plainly when the invitation ran out, and still lets the person sign up', async () => {
    stub({ invitation: fail(404, TEAM_MESSAGES.invitationInvalid) });
    render(<SignUpRoute />, { path: `/signup?${QUERY}` });
    expect(await screen.findByText(TEAM_MESSAGES.invitationInvalid)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('sign in from an invitation', () => {
  it('names the invitation with the address filled in; after the code, joins and lands on the dashboard', async () => {
    const api = stub();
    const { user, enter, location } = render(<SignInRoute />, { path: `/?${QUERY}` });
    expect(await screen.findByText(`${INTRO} Sign in with ${EMAIL} to join.`)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    await enter(screen.getByLabelText('Password'), 'Sente#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByLabelText('Code digit 1'));
    await user.paste('123456');
    await expectToast(TEAM_MESSAGES.invitationJoined('Kampala Crafts'));
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(api.sent('POST /api/staff/accept').map((request) => request.body)).toEqual([{ invite: TOKEN }]);
  });

  it('a user already signed in joins at once, once', async () => {
    session.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    const api = stub();
    const { location } = render(<SignInRoute />, { path: `/?${QUERY}` });
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(api.sent('POST /api/staff/accept')).toHaveLength(1);
  });

  it('an invitation for another address says so and offers to sign out or go on', async () => {
    session.setTokens({ accessToken: 'a1', refreshToken: 'r1' });
    stub({ accept: fail(403, TEAM_MESSAGES.invitationOtherEmail) });
    const { user, location } = render(<SignInRoute />, { path: `/?${QUERY}` });
    expect(await screen.findByText(TEAM_MESSAGES.invitationOtherEmail)).toBeVisible();
    expect(location().pathname).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(session.accessToken()).toBeNull());
  });

  it('a plain sign-in link fills the address from ?email= and names no invitation', async () => {
    const api = stub();
    render(<SignInRoute />, { path: `/?email=${encodeURIComponent(EMAIL)}` });
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.queryByText(/invited/)).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
