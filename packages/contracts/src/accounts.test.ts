import { describe, expect, it } from 'vitest';
import { internationalPhone, updateProfileInput } from './accounts.ts';
import { MESSAGES } from './messages.ts';

describe('a profile phone in its one format', () => {
  it.each([
    ['0772123456', '+256772123456'],
    ['0772 123 456', '+256772123456'],
    ['256772123456', '+256772123456'],
    ['+256 772-123-456', '+256772123456'],
    ['(+256) 772.123.456', '+256772123456'],
    ['+254 712 345 678', '+254712345678'],
    ['254712345678', '+254712345678'],
  ])('reads %j as %s', (typed, saved) => {
    expect(internationalPhone(typed)).toBe(saved);
    expect(updateProfileInput.parse({ firstname: 'Ada', lastname: 'Nakato', phone: typed }).phone).toBe(saved);
  });

  it.each(['0712345', '07723456789', '+0772123456', '1234567890123456', '07123abc678', '12'])('refuses %j', (typed) => {
    expect(internationalPhone(typed)).toBeNull();
    const result = updateProfileInput.safeParse({ firstname: 'Ada', lastname: 'Nakato', phone: typed });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.invalidPhone]);
  });

  it('keeps an empty phone empty (no phone)', () => {
    expect(updateProfileInput.parse({ firstname: 'Ada', lastname: 'Nakato', phone: ' ' }).phone).toBe('');
    expect(updateProfileInput.parse({ firstname: 'Ada', lastname: 'Nakato' }).phone).toBe('');
  });
});
