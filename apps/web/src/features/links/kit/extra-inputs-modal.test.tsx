import { EXTRA_FIELD_TYPE_LABELS } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { modalFocused } from '../../../testing/enter.ts';
import { render } from '../../../testing/render.tsx';
import { expectToast, toastMessages } from '../../../testing/toasts.ts';
import { ExtraInputsModal } from './extra-inputs-modal.tsx';

function renderModal() {
  const onAdd = vi.fn();
  const onClose = vi.fn();
  const view = render(<ExtraInputsModal opened onClose={onClose} onAdd={onAdd} />);
  const dialog = screen.getByRole('dialog', { name: 'Extra Inputs' });
  const { user } = view;
  const choose = (type: string) => user.selectOptions(within(dialog).getByLabelText('Input type'), type);
  const addInput = () => user.click(within(dialog).getByRole('button', { name: 'Add Input' }));
  return { ...view, dialog, onAdd, onClose, choose, addInput };
}

describe('Extra Inputs modal', () => {
  it('offers the five input types of the spec, Text Input first', () => {
    const { dialog } = renderModal();
    const options = within(within(dialog).getByLabelText('Input type')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(Object.values(EXTRA_FIELD_TYPE_LABELS));
    expect(within(dialog).getByLabelText('Input type')).toHaveValue('text');
  });

  it("says 'Label is missing' without a label, yet still passes the input on", async () => {
    const { onAdd, onClose, addInput } = renderModal();
    await addInput();
    await expectToast(LINK_MESSAGES.labelMissing);
    expect(onAdd).toHaveBeenCalledWith({ type: 'text', label: '', options: [] });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('passes on a text input with its trimmed label and no options', async () => {
    const { enter, dialog, onAdd, addInput } = renderModal();
    await modalFocused(dialog);
    await enter(within(dialog).getByLabelText('Label'), '  WhatsApp number ');
    await addInput();
    expect(onAdd).toHaveBeenCalledWith({ type: 'text', label: 'WhatsApp number', options: [] });
    expect(toastMessages()).toEqual([]);
  });

  it('shows options only for select, checkbox and radio', async () => {
    const { dialog, choose } = renderModal();
    expect(within(dialog).queryByRole('group', { name: 'Options' })).not.toBeInTheDocument();
    for (const type of ['Dropdown/Select', 'Checkbox multiple select', 'Radio button single select']) {
      await choose(type);
      expect(within(dialog).getByRole('group', { name: 'Options' })).toBeVisible();
    }
    await choose('Text box multiline');
    expect(within(dialog).queryByRole('group', { name: 'Options' })).not.toBeInTheDocument();
  });

  it("grows the options with the plus button, each with the placeholder 'option N', focusing the new one", async () => {
    const { user, dialog, choose } = renderModal();
    await choose('Dropdown/Select');
    expect(within(dialog).getByLabelText('Option 1')).toHaveAttribute('placeholder', 'option 1');
    expect(within(dialog).queryByRole('button', { name: 'Remove last option' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    const second = within(dialog).getByLabelText('Option 2');
    expect(second).toHaveAttribute('placeholder', 'option 2');
    await waitFor(() => expect(second).toHaveFocus());
  });

  it('removes the last option with the trash icon, only while more than one is left', async () => {
    const { user, enter, dialog, choose } = renderModal();
    await choose('Radio button single select');
    await enter(within(dialog).getByLabelText('Option 1'), 'Term 1');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await enter(within(dialog).getByLabelText('Option 2'), 'Term 2');
    await user.click(within(dialog).getByRole('button', { name: 'Remove last option' }));
    expect(within(dialog).queryByLabelText('Option 2')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Option 1')).toHaveValue('Term 1');
    expect(within(dialog).queryByRole('button', { name: 'Remove last option' })).not.toBeInTheDocument();
  });

  it('drops empty options and passes on the rest', async () => {
    const { user, enter, dialog, onAdd, choose, addInput } = renderModal();
    await choose('Dropdown/Select');
    await enter(within(dialog).getByLabelText('Label'), 'Class');
    await enter(within(dialog).getByLabelText('Option 1'), 'P1');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await enter(within(dialog).getByLabelText('Option 2'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await enter(within(dialog).getByLabelText('Option 3'), ' P2 ');
    await addInput();
    expect(onAdd).toHaveBeenCalledWith({ type: 'select', label: 'Class', options: ['P1', 'P2'] });
  });

  it('sends no options for a text input after options were typed for a select', async () => {
    const { enter, dialog, onAdd, choose, addInput } = renderModal();
    await choose('Checkbox multiple select');
    await enter(within(dialog).getByLabelText('Option 1'), 'Uniform');
    await choose('Text Input');
    await enter(within(dialog).getByLabelText('Label'), 'Student name');
    await addInput();
    expect(onAdd).toHaveBeenCalledWith({ type: 'text', label: 'Student name', options: [] });
  });

  it('starts afresh after Close, passing nothing on', async () => {
    const { user, enter, dialog, onAdd, onClose, choose } = renderModal();
    await choose('Dropdown/Select');
    await enter(within(dialog).getByLabelText('Label'), 'Class');
    // The header's X is also named 'Close' (theme.ts); this is the footer's button.
    const buttons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(buttons.find((button) => button.textContent === 'Close')!);
    expect(onClose).toHaveBeenCalledOnce();
    expect(onAdd).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText('Label')).toHaveValue('');
    expect(within(dialog).getByLabelText('Input type')).toHaveValue('text');
  });
});
