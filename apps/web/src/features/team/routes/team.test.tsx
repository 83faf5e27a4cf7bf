import { MESSAGES, TEAM_MESSAGES as T } from '@sente/contracts/messages';
import type { StaffMember } from '@sente/contracts/team';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { errorOf } from '../../../testing/field-error.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { TeamRoute } from './team.tsx';

const OWNER_ID = testUser().user_id;
const OWNER: StaffMember = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.com',
  user: { firstname: 'Ada', lastname: 'Nakato' },
  staff_role: 'owner',
  creator_id: OWNER_ID,
  user_id: OWNER_ID,
};
const DEV: StaffMember = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'dev@example.com',
  user: { firstname: 'Okot', lastname: 'Opio' },
  staff_role: 'developer',
  creator_id: OWNER_ID,
  user_id: '33333333-3333-4333-8333-333333333333',
};
const PENDING: StaffMember = {
  id: '44444444-4444-4444-8444-444444444444',
  email: 'invitee@example.com',
  user: null,
  staff_role: 'customer_support',
  creator_id: OWNER_ID,
  user_id: null,
};

const page = (items: StaffMember[], nextCursor: string | null = null, totalPages = 1) => ({
  items,
  lastCursor: 'c',
  nextCursor,
  totalItems: items.length,
  totalPages,
});

function renderTeam(options: { user?: ReturnType<typeof testUser>; remove?: ReturnType<typeof ok> } = {}) {
  const api = stubApi({
    'GET /api/user/profile': ok(options.user ?? testUser()),
    'GET /api/staff/list': (request) =>
      request.path.includes('cursor=') ? ok(page([OWNER])) : ok(page([PENDING, DEV], 'next', 2)),
    'POST /api/staff/register': ok(null, T.inviteSent),
    // The stub answers by exact path: one key per member that has a Delete button.
    ...Object.fromEntries(
      [DEV, PENDING].map((member) => [`POST /api/staff/hide_staff/${member.id}`, options.remove ?? ok(null, T.memberRemoved)]),
    ),
  });
  const view = render(<TeamRoute />, { path: '/team' });
  return { ...view, api };
}

describe('team table (Team members)', () => {
  it("shows names or the 'Invite Sent' badge, role labels, and Delete except on the creator's own row", async () => {
    const { user } = renderTeam();
    const table = await screen.findByRole('table', { name: 'Team members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(T.inviteSent)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Customer Support')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Okot Opio')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Developer / IT')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(2);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Names', 'Role', 'Action']);
    expect(screen.queryByText(T.readOnly)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const ownerRow = within(table).getAllByRole('row')[3]!;
    expect(within(ownerRow).getByText('Ada Nakato')).toBeInTheDocument();
    expect(within(ownerRow).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('deletes after a confirmation', async () => {
    const { user, api } = renderTeam();
    await user.click(await screen.findByRole('button', { name: `Delete ${DEV.email}` }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTitle });
    expect(within(dialog).getByText(T.removeConfirm(DEV.email))).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.startsWith('/api/staff/hide_staff'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast(T.memberRemoved);
    expect(
      api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/staff/hide_staff')).map((r) => r.path),
    ).toEqual([`/api/staff/hide_staff/${DEV.id}`]);
  });

  it("says 'Failed to remove account' when the server refuses", async () => {
    const { user } = renderTeam({ remove: fail(403, T.removeFailed) });
    await user.click(await screen.findByRole('button', { name: `Delete ${PENDING.email}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expectToast(T.removeFailed);
  });

  it('members without the right see the table read-only: no Invite Member, no Action column, no Delete', async () => {
    renderTeam({ user: testUser({ current_role: 'operations' }) });
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByText('Okot Opio')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Email', 'Names', 'Role']);
    expect(screen.getByText(T.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('Invite Member modal (Staff invite)', () => {
  it('says under Role what the chosen role may do', async () => {
    const { user } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    const role = within(dialog).getByRole('textbox', { name: /^Role/ });
    expect(role).toHaveAccessibleDescription('Choose a role to see what it may do.');
    const choose = async (label: string) => {
      await user.click(role);
      await user.click(await screen.findByRole('option', { name: label }));
    };
    await choose('Customer Support');
    expect(role).toHaveAccessibleDescription(
      "Sees the dashboard, collections, customers, links and reports, and resends a payer's receipt.",
    );
    await choose('User');
    expect(role).toHaveAccessibleDescription('Sees the dashboard, collections, customers, links and reports.');
    await choose('Operations');
    expect(role).toHaveAccessibleDescription(
      "Sees the dashboard, collections, customers, links and reports, creates and edits links and digital items, moves money (transfers, payouts, refunds), and resends a payer's receipt.",
    );
    await choose('Owner');
    expect(
      within(dialog).getByText(/manages the team, business and bank details, compliance and the test or live mode\.$/),
    ).toBeVisible();
  });

  it("shows 'Email is missing' and 'Role is missing' and sends nothing", async () => {
    const { user, api } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    await waitFor(() => expect(errorOf(within(dialog).getByLabelText(/^Email/))).toBe(T.emailMissing));
    expect(errorOf(within(dialog).getByRole('textbox', { name: /^Role/ }))).toBe(T.roleMissing);
    expect(api.sent('POST /api/staff/register')).toEqual([]);
  });

  it("offers the six roles, sends e-mail and role, and toasts 'Invite Sent'", async () => {
    const { user, enter, api } = renderTeam();
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    await enter(within(dialog).getByLabelText(/^Email/), 'New.Person@Example.com');
    await user.click(within(dialog).getByRole('textbox', { name: /^Role/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Owner', 'Administrator', 'Operations', 'Developer / IT', 'Customer Support', 'User']);
    await user.click(screen.getByRole('option', { name: 'Developer / IT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    await expectToast(T.inviteSent);
    expect(api.sent('POST /api/staff/register').map((r) => r.body)).toEqual([
      { email: 'new.person@example.com', staff_role: 'developer' },
    ]);
  });
});
