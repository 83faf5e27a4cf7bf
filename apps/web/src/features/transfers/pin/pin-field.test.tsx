import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../testing/render.tsx';
import { PinField } from './pin-field.tsx';

function Harness() {
  const [pin, setPin] = useState('');
  return (
    <>
      <PinField label="Wallet PIN" value={pin} onChange={setPin} />
      <output aria-label="Entered PIN">{pin}</output>
    </>
  );
}

const boxes = () => screen.getAllByLabelText(/^Wallet PIN digit \d$/) as HTMLInputElement[];

describe('PIN field', () => {
  it('shows five masked boxes', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(5);
    for (const box of boxes()) expect(box).toHaveAttribute('type', 'password');
  });

  it('takes digits only, moving from box to box', async () => {
    const { user } = render(<Harness />);
    await user.type(boxes()[0]!, '1a2b3');
    expect(screen.getByLabelText('Entered PIN')).toHaveTextContent(/^123$/);
  });

  it('keeps the first 5 digits of a paste, whatever surrounds them', async () => {
    const { user } = render(<Harness />);
    await user.click(boxes()[0]!);
    await user.paste('PIN: 12-34 5678');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByLabelText('Entered PIN')).toHaveTextContent(/^12345$/);
  });

  it('moves the focus to the last box after a paste, however messy the text was', async () => {
    const { user } = render(<Harness />);
    await user.click(boxes()[0]!);
    await user.paste('PIN: 12-34 5678');
    expect(boxes()[4]).toHaveFocus();
    await user.click(boxes()[1]!);
    await user.paste('24680');
    expect(boxes()[4]).toHaveFocus();
  });

  it('keeps the digits of a paste into a later box too', async () => {
    const { user } = render(<Harness />);
    await user.click(boxes()[3]!);
    await user.paste('98765');
    expect(screen.getByLabelText('Entered PIN')).toHaveTextContent(/^98765$/);
  });
});
