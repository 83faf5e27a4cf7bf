import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { moneyTextProblem } from '@sente/contracts/money-text';
import { type ChangeEvent, type FocusEvent, useLayoutEffect, useRef, useState } from 'react';
import { formatMoneyInput, groupAsTyped, parseMoneyInput } from '../lib/format.ts';
import { moneyInputError } from './money-input-check.ts';

type BaseProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & { currency?: string };

const KEPT = /[\d.-]/;
const textOf = (value: number) => (value === 0 || Number.isNaN(value) ? '' : formatMoneyInput(String(value)));

/** Where the caret belongs in `formatted` so that `kept` significant characters stay before it. */
function caretAfter(formatted: string, kept: number): number {
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (seen === kept) return index;
    if (KEPT.test(formatted.charAt(index))) seen++;
  }
  return formatted.length;
}

/**
 * Money input, holding the text as typed (decision 058): thousands get separators as you type an amount and the
 * caret keeps its place among the digits, but nothing typed is removed: a letter, a dot or a misplaced comma stays,
 * and once the field is left (or the form refused it) the field says what is wrong (contracts money-text.ts).
 * Use it directly where an empty field differs from 0 (a digital item's price: empty is missing, 0 is free).
 */
export function MoneyTextInput({
  value,
  onChange,
  currency = 'UGX',
  error,
  onBlur,
  ...props
}: BaseProps & { value: string; onChange: (text: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // Whether the field was left since its text last changed: only then, or once the form refused it, is it questioned.
  const [left, setLeft] = useState(false);
  const problem = moneyTextProblem(value, currency);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const before = raw.slice(0, event.currentTarget.selectionStart ?? raw.length);
    const formatted = groupAsTyped(raw, value);
    caret.current =
      formatted === raw ? before.length : caretAfter(formatted, [...before].filter((char) => KEPT.test(char)).length);
    setLeft(false);
    onChange(formatted);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setLeft(true);
    onBlur?.(event);
  };

  return (
    <TextInput
      inputMode="decimal"
      {...props}
      ref={inputRef}
      autoComplete="off"
      value={value}
      onChange={handleChange}
      onBlur={handleBlur}
      error={problem && (left || error) ? problem : error}
      leftSection={
        <Text span size="sm" fw={600} c="gray.7" aria-hidden>
          {currency}
        </Text>
      }
      leftSectionWidth={52}
      leftSectionPointerEvents="none"
    />
  );
}

/**
 * A MoneyInput bound to a number field of a form: its value, its changes, the problem it finds when left, and the
 * field's error (server refusals included), as the link forms all wire it.
 */
export function moneyField<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  field: keyof Values & string,
) {
  return {
    value: form.values[field] as number,
    onChange: (amount: number) => form.setFieldValue(field, amount as Parameters<typeof form.setFieldValue>[1]),
    onProblem: (problem: string) => form.setFieldError(field, problem),
    error: form.errors[field],
  };
}

/**
 * The money input holding a number: an empty entry reads as 0, text that is no amount as NaN, which the
 * form refuses (moneyInputError) while the field says what is wrong with the text, instead of saving another number.
 */
export function MoneyInput({
  value,
  onChange,
  onProblem,
  currency = 'UGX',
  ...props
}: BaseProps & {
  value: number;
  onChange: (value: number) => void;
  /** Called when the field is left holding text that is no number or a negative amount, with what to say. */
  onProblem?: (message: string) => void;
}) {
  const [text, setText] = useState(() => textOf(value));
  const [shown, setShown] = useState(value);

  // A value set from outside (a loaded link, a reset) replaces the text; the user's own typing does not.
  // Object.is, because NaN (text that is no number) is not equal to itself.
  if (!Object.is(value, shown)) {
    setShown(value);
    if (!Object.is(parseMoneyInput(text, currency), value)) setText(textOf(value));
  }

  const handleChange = (formatted: string) => {
    const next = parseMoneyInput(formatted, currency);
    setText(formatted);
    setShown(next);
    onChange(next);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    props.onBlur?.(event);
    const problem = moneyInputError(value);
    if (problem) onProblem?.(problem);
  };

  return <MoneyTextInput {...props} currency={currency} value={text} onChange={handleChange} onBlur={handleBlur} />;
}
