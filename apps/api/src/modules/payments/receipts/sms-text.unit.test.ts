import { SMS_RECEIPT_MAX } from '@sente/contracts/sms-receipts';
import { describe, expect, it } from 'vitest';
import { gsm7Length, smsReceiptText, smsRefundText, toGsm7 } from './sms-text.ts';

const base = {
  amount: 'UGX 50,000',
  reference: 'SNT7K2M9QXA4B2C',
  url: 'https://pay.sente.example/r/Q2xhc3MgUDUgZmVlcyBvaw',
  test: false,
};

describe('the SMS receipt text (decision 068)', () => {
  it('says the amount, the merchant, the reference and the link', () => {
    const text = smsReceiptText({ ...base, merchant: 'Kampala Parents School' });
    expect(text).toBe(
      'UGX 50,000 paid to Kampala Parents School. Ref SNT7K2M9QXA4B2C. Receipt: https://pay.sente.example/r/Q2xhc3MgUDUgZmVlcyBvaw',
    );
    expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_RECEIPT_MAX);
  });

  it('shortens a long merchant name, never the amount, reference or link, to one 160-character message', () => {
    const text = smsReceiptText({
      ...base,
      merchant: 'The Very Long Registered Name Of A Kampala Secondary School And Its Parents Association Limited',
      test: true,
    });
    expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_RECEIPT_MAX);
    expect(text).toMatch(
      /^TEST: UGX 50,000 paid to The Very Long .*\.\.\.\. Ref SNT7K2M9QXA4B2C\. Receipt: https:\/\/pay\.sente\.example\/r\/Q2xhc3MgUDUgZmVlcyBvaw$/,
    );
  });

  it('keeps to GSM-7: accents the alphabet lacks are taken off, other characters left out, extension characters count twice', () => {
    expect(toGsm7('Café Ōmega ☕ “Best” — Ltd')).toBe('Café Omega "Best" - Ltd');
    expect(gsm7Length('é')).toBe(1);
    expect(gsm7Length('[x]')).toBe(5);
    expect(gsm7Length('☕')).toBeNull();
    const text = smsReceiptText({ ...base, merchant: '🙂 Nakawa Ōutfitters' });
    expect(gsm7Length(text)).not.toBeNull();
    expect(text).toContain('paid to Nakawa Outfitters.');
  });
});

describe('the SMS of a refund paid (decision 073)', () => {
  it('says the amount refunded, the merchant, the reference and the link, in one message however long the name', () => {
    expect(smsRefundText({ ...base, merchant: 'Kampala Parents School' })).toBe(
      'UGX 50,000 refunded to you by Kampala Parents School. Ref SNT7K2M9QXA4B2C. Receipt: https://pay.sente.example/r/Q2xhc3MgUDUgZmVlcyBvaw',
    );
    const long = smsRefundText({
      ...base,
      merchant: 'The Very Long Registered Name Of A Kampala Secondary School And Its Parents Association Limited',
      test: true,
    });
    expect(gsm7Length(long)).toBeLessThanOrEqual(SMS_RECEIPT_MAX);
    expect(long).toMatch(/^TEST: UGX 50,000 refunded to you by The Very .*\.\.\.\. Ref SNT7K2M9QXA4B2C\. Receipt: https:/);
  });
});
