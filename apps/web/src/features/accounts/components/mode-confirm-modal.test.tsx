import { MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../../../testing/api-stub.ts';
import { render } from '../../../testing/render.tsx';
import { expectToast } from '../../../testing/toasts.ts';
import { ModeConfirmModal } from './mode-confirm-modal.tsx';

function renderConfirm(answer = fail(400, MESSAGES.environmentNotApproved)) {
  const api = stubApi({ 'POST /api/keys/set-environment': answer });
  const onClose = vi.fn();
  const view = render(<ModeConfirmModal opened target="production" onClose={onClose} />, { path: '/dashboard' });
  const dialog = () => screen.getByRole('dialog', { name: MESSAGES.confirmTitle });
  const change = () => view.user.click(within(dialog()).getByRole('button', { name: MESSAGES.changeMode }));
  return { ...view, api, onClose, dialog, change };
}

describe('mode confirmation', () => {
  it('asks to change mode to live, and closes once the server has switched', async () => {
    const { api, onClose, dialog, change } = renderConfirm(ok({ active_environment: 'production' }, 'Mode changed to live'));
    expect(within(dialog()).getByText(MESSAGES.changeModeTo('live'))).toBeVisible();
    await change();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.sent('POST /api/keys/set-environment').map((request) => request.body)).toEqual([{ environment: 'production' }]);
  });

  it('toasts any other refusal and closes', async () => {
    const { onClose, change } = renderConfirm(fail(403, MESSAGES.forbiddenForRole));
    await change();
    await expectToast(MESSAGES.forbiddenForRole);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});

describe('live mode refused before approval', () => {
  it("toasts the server's message and stays open with a link to Business Details", async () => {
    const { user, onClose, dialog, change, location } = renderConfirm();
    await change();
    await expectToast(MESSAGES.environmentNotApproved);
    const link = await within(dialog()).findByRole('link', { name: 'Open Business Details' });
    expect(link).toHaveAttribute('href', '/business-details');
    expect(within(dialog()).getByText('Live mode opens once we approve your account.')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(link);
    expect(location().pathname).toBe('/business-details');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes with Close, and asks again from the start when opened next', async () => {
    const { user, onClose, dialog, change, rerender } = renderConfirm();
    await change();
    const buttons = await within(dialog()).findAllByRole('button', { name: 'Close' });
    await user.click(buttons.at(-1)!);
    expect(onClose).toHaveBeenCalledOnce();
    rerender(<ModeConfirmModal opened target="production" onClose={onClose} />);
    expect(within(dialog()).getByRole('button', { name: MESSAGES.changeMode })).toBeVisible();
  });
});
