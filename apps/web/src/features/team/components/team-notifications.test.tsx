import { DEFAULT_NOTIFICATION_SETTINGS, type TeamNotification } from '@sente/contracts/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { TeamRoute } from '../routes/team.tsx';

const ADA: TeamNotification = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  payment_received: true,
  payment_above: 50_000,
  payout_failed: true,
  by_sms: true,
  test: true,
  user_id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada Nakato',
  email: 'ada@example.com',
  staff_role: 'owner',
  sms_phone: '256772123456',
};
const OKOT: TeamNotification = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  approval_needed: false,
  user_id: '22222222-2222-4222-8222-222222222222',
  name: 'Okot Opio',
  email: 'okot@example.com',
  staff_role: 'operations',
  sms_phone: null,
};

/** A developer may not approve: the alert, on by default, never reaches her. */
const DEV: TeamNotification = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  user_id: '33333333-3333-4333-8333-333333333333',
  name: 'Dora Auma',
  email: 'dora@example.com',
  staff_role: 'developer',
  sms_phone: null,
};

function renderTeam(role: 'owner' | 'user') {
  const api = stubApi({
    'GET /api/user/profile': ok(testUser({ current_role: role })),
    'GET /api/staff/list': ok({ items: [], lastCursor: null, nextCursor: null, totalItems: 0, totalPages: 1 }),
    'GET /api/team/notifications': ok([ADA, OKOT, DEV]),
  });
  render(<TeamRoute />, { path: '/team' });
  return api;
}

describe("the team's notifications", () => {
  it('shows owners who hears what, how and for which mode, read-only', async () => {
    renderTeam('owner');
    const table = await screen.findByRole('table', { name: 'Who gets notifications' });
    const ada = within(table).getByRole('row', { name: /Ada Nakato/ });
    expect(ada).toHaveTextContent('Payments above UGX 50,000, failed payouts, transfers and batches awaiting their approval');
    expect(ada).toHaveTextContent('E-mail, SMS +256 772 123 456');
    expect(ada).toHaveTextContent('Live, Test');
    expect(within(table).getByRole('row', { name: /Okot Opio/ })).toHaveTextContent('Nothing');
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('shows who is told of transfers and batches awaiting their approval: on, and their role may approve', async () => {
    renderTeam('owner');
    const table = await screen.findByRole('table', { name: 'Who gets notifications' });
    const heard = (name: RegExp) => within(table).getByRole('row', { name });
    expect(heard(/Ada Nakato/)).toHaveTextContent(/awaiting their approval/);
    expect(heard(/Okot Opio/)).not.toHaveTextContent(/awaiting their approval/);
    expect(heard(/Dora Auma/)).not.toHaveTextContent(/awaiting their approval/);
    expect(heard(/Dora Auma/)).toHaveTextContent('Nothing');
  });

  it('is not shown to a member who does not manage the account', async () => {
    const api = renderTeam('user');
    await screen.findByRole('heading', { name: 'Team' });
    expect(screen.queryByRole('heading', { name: 'Who gets notifications' })).toBeNull();
    expect(api.sent('GET /api/team/notifications')).toEqual([]);
  });
});
