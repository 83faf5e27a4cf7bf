import { MESSAGES } from '@sente/contracts/messages';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Answer, ok, stubApi, unreachable } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { testUser } from '../../../testing/test-user.ts';
import { expectToast } from '../../../testing/toasts.ts';
import { NewAccountForm } from './new-account-form.tsx';

function renderForm(
  create: Answer | (() => Answer) = ok({ id: 'acc-2', account_name: 'Nakato Events' }, MESSAGES.accountCreated),
) {
  const api = stubApi({
    'POST /api/sente-account/create-account': create,
    'GET /api/user/profile': ok(testUser()),
  });
  const onDone = vi.fn();
  const view = render(<NewAccountForm onDone={onDone} />);
  const pressCreate = () => view.user.click(screen.getByRole('button', { name: 'Create' }));
  return { ...view, api, onDone, pressCreate };
}

describe('new account form', () => {
  it("says 'Account name is missing' under the empty field, sending nothing", async () => {
    const { api, onDone, pressCreate } = renderForm();
    await pressCreate();
    expect(await screen.findByText(MESSAGES.accountNameMissing)).toBeVisible();
    expect(screen.getByLabelText(/Account name/)).toHaveAccessibleDescription(MESSAGES.accountNameMissing);
    expect(screen.getByLabelText(/Account name/)).toHaveAttribute('maxlength', String(TEXT_LIMITS.accountName.max));
    expect(api.requests).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('takes a name of spaces as missing', async () => {
    const { api, enter, pressCreate } = renderForm();
    await enter(screen.getByLabelText(/Account name/), '   ');
    await pressCreate();
    expect(await screen.findByText(MESSAGES.accountNameMissing)).toBeVisible();
    expect(api.requests).toEqual([]);
  });

  it("creates the account, says the server's words and empties the field", async () => {
    const { api, enter, onDone, pressCreate } = renderForm();
    await enter(screen.getByLabelText(/Account name/), 'Nakato Events');
    await pressCreate();
    await expectToast(MESSAGES.accountCreated);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(api.sent('POST /api/sente-account/create-account').map((request) => request.body)).toEqual([
      { account_name: 'Nakato Events' },
    ]);
    expect(screen.getByLabelText(/Account name/)).toHaveValue('');
  });

  it("says 'Failed. Something went wrong' when no answer comes, and keeps the name", async () => {
    const { enter, onDone, pressCreate } = renderForm(unreachable);
    await enter(screen.getByLabelText(/Account name/), 'Nakato Events');
    await pressCreate();
    await expectToast(MESSAGES.failedSomethingWentWrong);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Account name/)).toHaveValue('Nakato Events');
  });
});
