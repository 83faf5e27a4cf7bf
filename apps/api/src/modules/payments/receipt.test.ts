/**
 * Decision 021: the receipt's dates follow the one time-zone rule, Kampala time, and name the zone. Decision 068: it
 * links to the receipt page and carries the payer's extra details.
 */
import { describe, expect, it } from 'vitest';
import { receiptMail } from './receipt.ts';
import type { CollectionRecord } from './repository.ts';

const collection = {
  id: '00000000-0000-4000-8000-000000000001',
  environment: 'production',
  amount: '25000',
  channel: 'MTN_UG',
  msisdn: '256772123456',
  card_last4: null,
  names: 'Okello John',
  extra_data: [
    { label: 'Student name', value: 'Nakato <Sarah>' },
    { label: 'Class', value: 'P.5' },
  ],
  transaction_id: 'SNT7K2M9QX',
  // 21:30 UTC on the 23rd is 00:30 on the 24th in Kampala.
  created_at: new Date('2026-11-23T21:29:40Z'),
  completed_at: new Date('2026-11-23T21:30:00Z'),
} as unknown as CollectionRecord;

const mail = (downloadExpiresAt: Date | null) =>
  receiptMail({
    to: 'okello@example.com',
    merchant: 'Kampala Books',
    title: 'Budget planner',
    collection,
    downloadUrl: downloadExpiresAt ? 'https://sente.example/download' : null,
    downloadExpiresAt,
    buyerNote: null,
    receiptUrl: 'https://sente.example/r/Abc_123-xyz',
  });

describe('receipt dates', () => {
  it('gives the payment time in Kampala time with its zone, in the text and the HTML', () => {
    const { text, html } = mail(null);
    expect(text).toContain('Date: Nov 24, 2026 0:30 EAT');
    expect(html).toContain('<th align="left">Date</th><td>Nov 24, 2026 0:30 EAT</td>');
    expect(text).not.toContain('GMT');
  });

  it("gives the download link's end the same way", () => {
    const { text, html } = mail(new Date('2026-11-24T21:30:00Z'));
    expect(text).toContain('link valid until Nov 25, 2026 0:30 EAT');
    expect(html).toContain('(valid until Nov 25, 2026 0:30 EAT)');
  });
});

describe('receipt contents', () => {
  it("carries the payer's extra details, escaped in the HTML, and links to the receipt page", () => {
    const { text, html } = mail(null);
    expect(text).toContain('Student name: Nakato <Sarah>\nClass: P.5');
    expect(html).toContain('<th align="left">Student name</th><td>Nakato &lt;Sarah&gt;</td>');
    expect(text).toContain('https://sente.example/r/Abc_123-xyz');
    expect(html).toContain('<a href="https://sente.example/r/Abc_123-xyz">');
  });
});
