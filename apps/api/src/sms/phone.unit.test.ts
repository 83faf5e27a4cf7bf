import { describe, expect, it } from 'vitest';
import { maskedPhone } from './phone.ts';

describe('a verified phone as the code screens name it', () => {
  it('keeps the country code, the first digit and the last three', () => {
    expect(maskedPhone('+256772123222')).toBe('+256 7•• ••• 222');
    expect(maskedPhone('256700987654')).toBe('+256 7•• ••• 654');
  });
});
