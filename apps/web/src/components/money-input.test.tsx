import { LINK_MESSAGES } from '@sente/contracts/messages';
import { MONEY_TEXT_MESSAGES } from '@sente/contracts/money-text';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { errorOf } from '../testing/field-error.ts';
import { render } from '../testing/render.tsx';
import { MoneyInput, MoneyTextInput } from './money-input.tsx';

/** A form holding the number, so typing goes through MoneyInput's own text as it does in the app. */
function Harness({
  initial = 0,
  onValue,
  onProblem,
}: {
  initial?: number;
  onValue: (value: number) => void;
  onProblem: (message: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MoneyInput
        label="Price"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
        onProblem={onProblem}
      />
      <button type="button" onClick={() => setValue(75_000)}>
        Load a saved price
      </button>
    </>
  );
}

function renderMoney(initial = 0) {
  const onValue = vi.fn();
  const onProblem = vi.fn();
  const view = render(<Harness initial={initial} onValue={onValue} onProblem={onProblem} />);
  const input = screen.getByLabelText('Price') as HTMLInputElement;
  return { ...view, onValue, onProblem, input };
}

describe('money input', () => {
  it('groups thousands as you type an amount', async () => {
    const { user, input, onValue } = renderMoney();
    await user.type(input, '1250000');
    expect(input).toHaveValue('1,250,000');
    expect(onValue).toHaveBeenLastCalledWith(1_250_000);
  });

  it('reads as 0 when emptied', async () => {
    const { user, input, onValue } = renderMoney();
    await user.type(input, '12');
    await user.clear(input);
    expect(input).toHaveValue('');
    expect(onValue).toHaveBeenLastCalledWith(0);
  });

  it('keeps a minus as typed, for the form to refuse in its own words', async () => {
    const { user, input, onValue } = renderMoney();
    await user.type(input, '-1500');
    expect(input).toHaveValue('-1,500');
    expect(onValue).toHaveBeenLastCalledWith(-1500);
  });

  it.each([
    ['5,00', MONEY_TEXT_MESSAGES.commaPlaces],
    ['5.000', MONEY_TEXT_MESSAGES.wholeShillings],
    ['1e5', MONEY_TEXT_MESSAGES.digitsOnly],
    ['UGX 1250000abc', MONEY_TEXT_MESSAGES.digitsOnly],
  ])('keeps %j as typed, hands on NaN, and says what is wrong once the field is left', async (typed, message) => {
    const { user, input, onValue } = renderMoney();
    await user.type(input, typed);
    expect(input).toHaveValue(typed);
    expect(onValue).toHaveBeenLastCalledWith(Number.NaN);
    expect(errorOf(input)).toBeNull();
    await user.tab();
    expect(errorOf(input)).toBe(message);
    // Mended, the question goes as soon as the text changes, and the amount is handed on.
    await user.clear(input);
    await user.type(input, '5000');
    expect(errorOf(input)).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith(5000);
  });

  it("hands on NaN for text that is no number, never the number it starts with: '12-3' is not 12", async () => {
    const { user, input, onValue, onProblem } = renderMoney();
    await user.type(input, '12-3');
    expect(input).toHaveValue('12-3');
    expect(onValue).toHaveBeenLastCalledWith(Number.NaN);
    expect(onProblem).not.toHaveBeenCalled();
    await user.tab();
    expect(onProblem).toHaveBeenCalledWith(LINK_MESSAGES.amountInvalid);
  });

  it('says plainly on leaving the field that an amount cannot be negative', async () => {
    const { user, input, onProblem } = renderMoney();
    await user.type(input, '-500');
    await user.tab();
    expect(onProblem).toHaveBeenCalledWith(LINK_MESSAGES.amountNegative);
  });

  it('says nothing on leaving a field that is empty or holds an amount', async () => {
    const { user, input, onProblem } = renderMoney();
    await user.click(input);
    await user.tab();
    await user.type(input, '25,000');
    await user.tab();
    expect(onProblem).not.toHaveBeenCalled();
  });

  it('keeps the caret among the digits when a digit is typed in the middle', async () => {
    const { user, input } = renderMoney();
    await user.type(input, '1234567');
    expect(input).toHaveValue('1,234,567');
    await user.type(input, '9', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    expect(input).toHaveValue('12,934,567');
    expect(input.selectionStart).toBe(4);
    await user.keyboard('8');
    expect(input).toHaveValue('129,834,567');
  });

  it('shows a value set from outside, formatted', async () => {
    const { user, input } = renderMoney(250_000);
    expect(input).toHaveValue('250,000');
    await user.click(screen.getByRole('button', { name: 'Load a saved price' }));
    expect(input).toHaveValue('75,000');
  });

  it('shows 0 as an empty field', () => {
    const { input } = renderMoney(0);
    expect(input).toHaveValue('');
  });
});

describe('money text input: the text itself, where empty differs from 0', () => {
  it("hands on '0' for a free price, and a letter as typed", async () => {
    const onChange = vi.fn();
    const { user } = render(<MoneyTextInput label="Sale price" value="" onChange={onChange} />);
    await user.type(screen.getByLabelText('Sale price'), '0');
    expect(onChange).toHaveBeenLastCalledWith('0');
    await user.type(screen.getByLabelText('Sale price'), 'x');
    expect(onChange).toHaveBeenLastCalledWith('x');
  });
});
