import { describe, expect, it } from 'vitest';
import { OTP_LENGTH } from './constants.ts';
import { CODE_SENT_TEXT } from './messages.ts';

describe("the code screens' words (decision 075)", () => {
  it('name the code by its length, and the phone only when the code went there by SMS', () => {
    expect(CODE_SENT_TEXT.to('ada@example.com', null)).toBe(`We sent a ${OTP_LENGTH}-digit code to ada@example.com.`);
    expect(CODE_SENT_TEXT.to('ada@example.com', '+256 7•• ••• 222')).toBe(
      `We sent a ${OTP_LENGTH}-digit code to ada@example.com and by SMS to +256 7•• ••• 222.`,
    );
  });
});
