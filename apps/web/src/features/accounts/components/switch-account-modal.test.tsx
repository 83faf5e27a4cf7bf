import type { Account } from '@sente/contracts/accounts';
import { MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useProfile } from '../../../lib/profile.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { SwitchAccountModal } from './switch-account-modal.tsx';

const first = testUser();
const created: Account = { ...first.current_account!, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', account_name: 'Nakato Events' };
/** The profile once the server has made the new account current. */
const afterCreate = testUser({
  account: created,
  staff_profiles: [
    ...first.staff_profiles,
    { id: 'c0ffee00-0000-4000-8000-000000000002', staff_role: 'owner', sente_account: created },
  ],
});

/** The modal as the shell holds it, under a line that names the account being worked in (as the header does). */
function Shell() {
  const { data: user } = useProfile();
  const [opened, setOpened] = useState(true);
  if (!user) return null;
  return (
    <>
      <p>Working in {user.current_account?.account_name}</p>
      <SwitchAccountModal user={user} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

describe('switch-account modal: New Account', () => {
  it('switches into the new account: the profile reloads, the dashboard names it and the modal closes', async () => {
    let accountCreated = false;
    const api = stubApi({
      'GET /api/user/profile': () => ok(accountCreated ? afterCreate : first),
      'POST /api/sente-account/create-account': () => {
        accountCreated = true;
        return { ...ok({ id: created.id, account_name: created.account_name }, MESSAGES.accountCreated), status: 201 };
      },
    });
    const { user, enter } = render(<Shell />);
    expect(await screen.findByText('Working in Kampala Crafts')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Switch Account' });
    await user.click(within(dialog).getByRole('button', { name: 'New Account' }));
    await enter(within(dialog).getByLabelText(/Account name/), 'Nakato Events');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await expectToast(MESSAGES.accountCreated);
    expect(await screen.findByText('Working in Nakato Events')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch Account' })).not.toBeInTheDocument());
    expect(api.sent('POST /api/sente-account/switch-account')).toEqual([]);
  });
});

describe('switch-account modal before the first account', () => {
  it('is titled for creating the first business account, not for switching, and cannot be closed', async () => {
    const newcomer = { ...testUser(), current_account: null, current_role: null, staff_profiles: [] };
    stubApi({ 'GET /api/user/profile': ok(newcomer) });
    render(<SwitchAccountModal user={newcomer} opened={false} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create your business account' });
    expect(within(dialog).getByLabelText(/Account name/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Switch Account' })).toBeNull();
  });
});
