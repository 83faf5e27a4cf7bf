import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, useLayoutEffect, useRef } from 'react';
import { formatMoneyInput } from '../../../lib/format.ts';

type PriceInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** The price as typed and formatted ('35,000'); '' is no price yet, '0' a free product. */
  value: string;
  onChange: (text: string) => void;
};

const KEPT = /[\d.-]/;

function caretAfter(formatted: string, kept: number): number {
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (seen === kept) return index;
    if (KEPT.test(formatted.charAt(index))) seen++;
  }
  return formatted.length;
}

/**
 * The sale price. It formats like the shared MoneyInput (spec §5: only digits, dot, comma and minus
 * stay; thousands separators) but holds the text, because here an empty field is 'Product price is
 * missing' while 0 means free (spec §2, §5), and MoneyInput reads both as 0.
 */
export function PriceInput({ value, onChange, ...props }: PriceInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const before = raw.slice(0, event.currentTarget.selectionStart ?? raw.length);
    const formatted = formatMoneyInput(raw);
    caret.current = caretAfter(formatted, [...before].filter((char) => KEPT.test(char)).length);
    onChange(formatted);
  };

  return (
    <TextInput
      {...props}
      ref={inputRef}
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={handleChange}
      leftSection={
        <Text span size="sm" fw={600} c="gray.7" aria-hidden>
          UGX
        </Text>
      }
      leftSectionWidth={52}
      leftSectionPointerEvents="none"
    />
  );
}
