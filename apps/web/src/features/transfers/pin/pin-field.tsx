import { Input, PinInput } from '@mantine/core';
import { WALLET_PIN_LENGTH } from '@sente/contracts/transfers';
import { pastedPin } from '@sente/contracts/transfers-input';
import type { ClipboardEvent } from 'react';

type Props = { value: string; onChange: (pin: string) => void; error?: string | undefined; label: string };

/** Five masked digit boxes; a paste keeps its first 5 digits and moves the focus to the last box. */
export function PinField({ value, onChange, error, label }: Props) {
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const pin = pastedPin(event.clipboardData.getData('text'));
    onChange(pin);
    const boxes = event.currentTarget.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])');
    boxes[boxes.length - 1]?.focus();
  };
  return (
    <Input.Wrapper label={label} error={error} onPasteCapture={onPaste}>
      <PinInput
        length={WALLET_PIN_LENGTH}
        type="number"
        mask
        oneTimeCode={false}
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        aria-label={label}
        getInputProps={(index) => ({ 'aria-label': `${label} digit ${index + 1}` })}
        mt={6}
      />
    </Input.Wrapper>
  );
}
