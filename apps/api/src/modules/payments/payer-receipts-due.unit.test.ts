/**
 * A settled payment writes an outbox row only when a receipt may leave for its payer: by e-mail when they gave an
 * address, by SMS when they paid by mobile money to an account that sends SMS receipts. Otherwise the settlement writes,
 * reads and deletes nothing more.
 */
import { describe, expect, it } from 'vitest';
import type { EventOf } from '../events/events.ts';
import { hasPayerReceipts } from './subscribers.ts';

const settled = (fields: { email: string | null; msisdn: string | null }, smsReceipts: boolean) =>
  ({ type: 'collection.settled', collection: fields, smsReceipts }) as unknown as EventOf<'collection.settled'>;

describe('a settled payment’s receipts', () => {
  it('are due by e-mail when the payer gave an address, whatever the SMS setting', () => {
    expect(hasPayerReceipts(settled({ email: 'nakato@example.com', msisdn: null }, false))).toBe(true);
    expect(hasPayerReceipts(settled({ email: 'nakato@example.com', msisdn: '256772123456' }, false))).toBe(true);
  });

  it('are due by SMS for a mobile-money payer only when the account sends SMS receipts', () => {
    expect(hasPayerReceipts(settled({ email: null, msisdn: '256772123456' }, true))).toBe(true);
    expect(hasPayerReceipts(settled({ email: null, msisdn: '256772123456' }, false))).toBe(false);
  });

  it('are not due for a card payer who gave no address', () => {
    expect(hasPayerReceipts(settled({ email: null, msisdn: null }, true))).toBe(false);
    expect(hasPayerReceipts(settled({ email: '', msisdn: null }, true))).toBe(false);
  });
});
