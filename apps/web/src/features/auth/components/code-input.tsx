import { Input, PinInput } from '@mantine/core';
import { OTP_LENGTH } from '@sente/contracts/constants';
import type { Ref } from 'react';

type Props = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  onComplete?: (value: string) => void;
  /** The first box, to put the focus back after a refused code. */
  firstBoxRef?: Ref<HTMLInputElement>;
};

/** Six boxes for a one-time code; pasting a whole code fills them all. */
export function CodeInput({ value, onChange, error, onComplete, firstBoxRef }: Props) {
  return (
    <Input.Wrapper label="Verification code" error={error} id="otp-code-label">
      <PinInput
        length={OTP_LENGTH}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        size="md"
        mt={6}
        aria-label="Verification code"
        getInputProps={(index) => ({ 'aria-label': `Code digit ${index + 1}` })}
        {...(onComplete ? { onComplete } : {})}
        {...(firstBoxRef ? { ref: firstBoxRef } : {})}
      />
    </Input.Wrapper>
  );
}
