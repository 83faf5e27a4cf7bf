import { LINK_MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { modalFocused } from '../../../../testing/enter.ts';
import { errorOf } from '../../../../testing/field-error.ts';
import { render } from '../../../../testing/render.tsx';
import { RedirectionModal } from './redirection-modal.tsx';

const SHOP_URL = 'https://school.example.com/confirm-payment';

function renderModal(initialUrl = '') {
  const onAdd = vi.fn();
  const onClose = vi.fn();
  const view = render(<RedirectionModal opened initialUrl={initialUrl} onClose={onClose} onAdd={onAdd} />);
  const dialog = () => screen.getByRole('dialog', { name: 'Redirection' });
  const field = () => within(dialog()).getByLabelText('Redirect URL');
  const add = () => view.user.click(within(dialog()).getByRole('button', { name: 'Add' }));
  const enterUrl = async (text: string) => {
    await modalFocused(dialog());
    await view.enter(field(), text);
  };
  return { ...view, onAdd, onClose, dialog, field, add, enterUrl };
}

describe('Redirection modal', () => {
  it("explains the redirect and shows the example shape '{host}/confirm-payment'", () => {
    const { dialog, field } = renderModal();
    expect(within(dialog()).getByText(/sends your customers to your own website after they pay/)).toBeVisible();
    expect(field()).toHaveAttribute('placeholder', expect.stringMatching(/\/confirm-payment$/));
  });

  it('does nothing on Add while the field is empty', async () => {
    const { onAdd, onClose, add } = renderModal();
    await add();
    expect(onAdd).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('takes a field of spaces as empty', async () => {
    const { enterUrl, onAdd, add } = renderModal();
    await enterUrl('   ');
    await add();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('passes on the trimmed URL and closes', async () => {
    const { enterUrl, onAdd, onClose, add } = renderModal();
    await enterUrl(`  ${SHOP_URL} `);
    await add();
    expect(onAdd).toHaveBeenCalledWith(SHOP_URL);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it.each(['school.example.com/confirm', 'ftp://school.example.com/confirm', 'javascript:alert(1)', 'https://localhost'])(
    'refuses %j on Add with the reason under the field, and stays open',
    async (url) => {
      const { enterUrl, onAdd, onClose, field, add } = renderModal();
      await enterUrl(url);
      await add();
      expect(errorOf(field())).toBe(LINK_MESSAGES.redirectUrlInvalid);
      expect(onAdd).not.toHaveBeenCalled();
      expect(onClose).not.toHaveBeenCalled();
    },
  );

  it('clears the message once the URL is edited, and adds the corrected one', async () => {
    const { user, enterUrl, onAdd, field, add } = renderModal();
    await enterUrl('school.example.com/confirm-payment');
    await add();
    expect(errorOf(field())).toBe(LINK_MESSAGES.redirectUrlInvalid);
    await user.clear(field());
    expect(errorOf(field())).toBeNull();
    await enterUrl(SHOP_URL);
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledWith(SHOP_URL);
  });

  it('adds with Enter too', async () => {
    const { user, enterUrl, onAdd } = renderModal();
    await enterUrl(SHOP_URL);
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledWith(SHOP_URL);
  });

  it('closes without passing anything on, from the Close button or the X', async () => {
    const { user, enterUrl, onAdd, onClose, dialog } = renderModal();
    await enterUrl(SHOP_URL);
    // Both are named 'Close': the footer button by its text, the header's X by theme.ts.
    for (const button of within(dialog()).getAllByRole('button', { name: 'Close' })) await user.click(button);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("starts each opening from the link's current URL, dropping what was typed before and its message", async () => {
    const onAdd = vi.fn();
    const onClose = vi.fn();
    const modal = (opened: boolean, initialUrl: string) => (
      <RedirectionModal opened={opened} initialUrl={initialUrl} onClose={onClose} onAdd={onAdd} />
    );
    const { user, enter, rerender } = render(modal(true, ''));
    await modalFocused(screen.getByRole('dialog'));
    await enter(screen.getByLabelText('Redirect URL'), 'https://half-typed');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(errorOf(screen.getByLabelText('Redirect URL'))).toBe(LINK_MESSAGES.redirectUrlInvalid);
    rerender(modal(false, SHOP_URL));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    rerender(modal(true, SHOP_URL));
    expect(await screen.findByLabelText('Redirect URL')).toHaveValue(SHOP_URL);
    expect(errorOf(screen.getByLabelText('Redirect URL'))).toBeNull();
  });
});
