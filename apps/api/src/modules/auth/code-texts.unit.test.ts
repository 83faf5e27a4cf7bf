import { CODE_TEXTS } from '@sente/contracts/phone-verification';
import { SMS_RECEIPT_MAX } from '@sente/contracts/sms-receipts';
import { describe, expect, it } from 'vitest';
import { gsm7Length } from '../payments/receipts/sms-text.ts';

describe('the texts of one-time codes (decision 070)', () => {
  it('are each one GSM-7 message that names the product, the code and its expiry', () => {
    for (const [purpose, text] of Object.entries(CODE_TEXTS)) {
      const sent = text('123456');
      expect(gsm7Length(sent), purpose).not.toBeNull();
      expect(gsm7Length(sent), purpose).toBeLessThanOrEqual(SMS_RECEIPT_MAX);
      expect(sent, purpose).toMatch(/^Sente .*123456.*It expires in 10 minutes\. Never share it\.$/);
    }
  });
});
