import { describe, expect, it } from 'vitest';
import { gsm7Length, ONE_SMS, oneSms } from './gsm7.ts';

const say = ([merchant, payer]: string[]) =>
  `${merchant}: payment of UGX 1,250,000 received from ${payer}. Ref SNTK7M2Q9X4B8D3F.`;

describe('one SMS built from names that may give way', () => {
  it('leaves a text that fits as it is', () => {
    expect(oneSms(['Kato Hardware', 'Okello John'], say)).toBe(
      'Kato Hardware: payment of UGX 1,250,000 received from Okello John. Ref SNTK7M2Q9X4B8D3F.',
    );
  });

  it('shortens the longest name first, with "...", until the text is one 160-character GSM-7 message', () => {
    const text = oneSms(
      ['Kampala Parents School And Its Old Students Association Limited', 'Nakimuli Christine Mirembe Nalubega'],
      say,
    );
    expect(gsm7Length(text)).toBeLessThanOrEqual(ONE_SMS);
    expect(text).toMatch(
      /^Kampala Parents .*\.\.\.: payment of UGX 1,250,000 received from Nakimuli .*\. Ref SNTK7M2Q9X4B8D3F\.$/,
    );
  });

  it('writes the names in GSM-7, so that the text is not sent as UCS-2 (70 characters a message)', () => {
    const text = oneSms(['Café Ōmega ☕ Ltd', 'Ssali “Junior”'], say);
    expect(gsm7Length(text)).not.toBeNull();
    expect(text).toContain('Café Omega Ltd: payment');
    expect(text).toContain('from Ssali "Junior".');
  });
});
