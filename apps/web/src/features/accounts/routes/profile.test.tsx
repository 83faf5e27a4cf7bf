import { MESSAGES } from '@sente/contracts/messages';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { ProfileRoute } from './profile.tsx';

const user0 = testUser({ firstname: 'Ada', lastname: 'Nakato', phone: null });

async function renderProfile(update: Answer = ok(testUser({ firstname: 'Ada B.', phone: '+256772123456' }))) {
  const api = stubApi({
    'GET /api/user/profile': ok(user0),
    'POST /api/user/update-profile': update,
  });
  const view = render(<ProfileRoute />, { path: '/profile' });
  await screen.findByRole('heading', { name: 'Personal Information' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
  const updates = () => api.sent('POST /api/user/update-profile');
  return { ...view, api, save, updates };
}

describe('profile form', () => {
  it('shows the profile, the e-mail read-only and the +256 hint', async () => {
    await renderProfile();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Nakato');
    expect(screen.getByLabelText('Email')).toHaveValue(user0.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('placeholder', '+256');
    // The server's limits, so a name never grows past what is saved.
    expect(screen.getByLabelText('First name')).toHaveAttribute('maxlength', String(TEXT_LIMITS.firstName.max));
    expect(screen.getByLabelText('Last name')).toHaveAttribute('maxlength', String(TEXT_LIMITS.lastName.max));
  });

  it("says 'First name is missing' under an emptied first name, sending nothing", async () => {
    const { user, save, updates } = await renderProfile();
    await user.clear(screen.getByLabelText('First name'));
    await save();
    expect(await screen.findByText(MESSAGES.firstNameMissing)).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(MESSAGES.firstNameMissing);
    expect(updates()).toEqual([]);
  });

  it("says 'Last name is missing' under an emptied last name", async () => {
    const { user, save, updates } = await renderProfile();
    await user.clear(screen.getByLabelText('Last name'));
    await save();
    expect(await screen.findByText(MESSAGES.lastNameMissing)).toBeVisible();
    expect(updates()).toEqual([]);
  });

  it('refuses a phone that is not 10-15 digits with the spec words', async () => {
    const { enter, save, updates } = await renderProfile();
    await enter(screen.getByLabelText('Phone'), '+256 77');
    await save();
    expect(await screen.findByText(MESSAGES.invalidPhone)).toBeVisible();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(MESSAGES.invalidPhone);
    expect(updates()).toEqual([]);
  });

  it("sends the names and phone, then says 'Profile Updated' and shows the phone as saved", async () => {
    const { user, enter, save, updates } = await renderProfile();
    await user.clear(screen.getByLabelText('First name'));
    await enter(screen.getByLabelText('First name'), 'Ada B.');
    await enter(screen.getByLabelText('Phone'), '256 772 123 456');
    await save();
    await expectToast(MESSAGES.profileUpdated);
    // Leaving the field for Save showed it in the saved format already; the server would read it the same either way.
    expect(updates().map((request) => request.body)).toEqual([
      { firstname: 'Ada B.', lastname: 'Nakato', phone: '+256772123456' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ada B.'));
    expect(screen.getByLabelText('Phone')).toHaveValue('+256772123456');
  });

  it('shows a phone typed the local way in the saved +256 format once the field is left', async () => {
    const { user, enter } = await renderProfile();
    await enter(screen.getByLabelText('Phone'), '0772 123 456');
    await user.tab();
    expect(screen.getByLabelText('Phone')).toHaveValue('+256772123456');
  });

  it('shows a saved phone in the +256 format it is saved in', async () => {
    stubApi({ 'GET /api/user/profile': ok(testUser({ phone: '+256772123456' })) });
    render(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByLabelText('Phone')).toHaveValue('+256772123456');
  });

  it("shows the server's message when it refuses the change", async () => {
    const { user, save } = await renderProfile(fail(403, MESSAGES.forbiddenForRole));
    await user.type(screen.getByLabelText('Last name'), 'x');
    await save();
    await expectToast(MESSAGES.forbiddenForRole);
  });
});
