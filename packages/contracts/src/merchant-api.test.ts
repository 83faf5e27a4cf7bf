import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  collectionRequest,
  collectionsQuery,
  DEFAULT_PAYOUT_REASON,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  idempotencyKey,
  MERCHANT_API_MESSAGES as M,
  METADATA_LIMITS,
  payoutRequest,
} from './merchant-api.ts';
import { MAX_PAYMENT_AMOUNT } from './payments.ts';
import { issueMessages } from './validation.ts';

const messages = (result: { error?: z.ZodError }) => (result.error ? issueMessages(result.error) : []);

describe('POST /v1/collections', () => {
  const valid = { amount: 25_000, phone: '0772 123-456', channel: 'MTN_UG' };

  it('normalises the phone as the pay page does and fills what was left out', () => {
    expect(collectionRequest.parse(valid)).toEqual({
      amount: 25_000,
      msisdn: '256772123456',
      channel: 'MTN_UG',
      customerName: null,
      reference: null,
      metadata: null,
    });
    expect(
      collectionRequest.parse({
        ...valid,
        phone: '+256701234567',
        channel: 'AIRTEL',
        reference: ' INV-1 ',
        customer_name: 'Okello',
      }),
    ).toMatchObject({ msisdn: '256701234567', reference: 'INV-1', customerName: 'Okello' });
  });

  it('refuses a number of the other network, naming the channel to use', () => {
    expect(messages(collectionRequest.safeParse({ ...valid, phone: '0701234567' }))).toEqual([M.phoneNotOnChannel('MTN_UG')]);
  });

  it('refuses amounts that are not whole UGX within the limit', () => {
    for (const amount of [0, -1, 10.5, MAX_PAYMENT_AMOUNT + 1, '25000', 1e308, null]) {
      expect(messages(collectionRequest.safeParse({ ...valid, amount })), String(amount)).toEqual([
        M.amountInvalid(MAX_PAYMENT_AMOUNT),
      ]);
    }
  });

  it('refuses unknown fields, a body that is not an object and control characters in the reference', () => {
    expect(messages(collectionRequest.safeParse({ ...valid, ammount: 1 }))).toEqual([M.unknownFields(['ammount'])]);
    expect(messages(collectionRequest.safeParse([1, 2]))).toEqual([M.bodyNotObject]);
    expect(messages(collectionRequest.safeParse(undefined))).toEqual([M.bodyNotObject]);
    expect(messages(collectionRequest.safeParse({ ...valid, reference: 'a\nb' }))).toEqual([M.referenceInvalid]);
  });

  it('takes metadata of text values up to its limits, and no more', () => {
    const full = Object.fromEntries(Array.from({ length: METADATA_LIMITS.keys }, (_, i) => [`key${i}`, 'v'.repeat(500)]));
    expect(collectionRequest.parse({ ...valid, metadata: full }).metadata).toEqual(full);
    for (const metadata of [
      { ...full, one: 'more' },
      { order: 5 },
      { ['k'.repeat(41)]: 'v' },
      { note: 'v'.repeat(501) },
      ['a'],
    ]) {
      expect(messages(collectionRequest.safeParse({ ...valid, metadata })), JSON.stringify(metadata).slice(0, 40)).toEqual([
        M.metadataInvalid,
      ]);
    }
  });
});

describe('POST /v1/payouts', () => {
  it('takes a mobile-money number of either network, with a reason or the default one', () => {
    expect(payoutRequest.parse({ amount: 5000, phone: '0752000111' })).toEqual({
      amount: 5000,
      msisdn: '256752000111',
      reason: DEFAULT_PAYOUT_REASON,
    });
    expect(messages(payoutRequest.safeParse({ amount: 5000, phone: '0712000111' }))).toEqual([M.phoneNotMobileMoney]);
  });
});

describe('GET /v1/collections', () => {
  it('reads a date as a whole Kampala day and a date-time with its zone', () => {
    expect(collectionsQuery.parse({ from: '2026-11-24', to: '2026-11-24' })).toEqual({
      from: { at: new Date('2026-11-23T21:00:00Z'), inclusive: true },
      to: { at: new Date('2026-11-24T21:00:00Z'), inclusive: false },
    });
    expect(collectionsQuery.parse({ to: '2026-11-24T08:00:00+03:00' }).to).toEqual({
      at: new Date('2026-11-24T05:00:00Z'),
      inclusive: true,
    });
  });

  it('refuses impossible dates, an inverted range, an unknown status and unknown parameters', () => {
    expect(messages(collectionsQuery.safeParse({ from: '2026-02-30' }))).toEqual([M.dateInvalid('from')]);
    expect(messages(collectionsQuery.safeParse({ to: 'yesterday' }))).toEqual([M.dateInvalid('to')]);
    expect(messages(collectionsQuery.safeParse({ from: '2026-11-25', to: '2026-11-24' }))).toEqual([M.datesInverted]);
    expect(messages(collectionsQuery.safeParse({ status: 'done' }))).toEqual([M.statusInvalid]);
    expect(messages(collectionsQuery.safeParse({ page: '2' }))).toEqual([M.unknownFields(['page'])]);
  });
});

describe('the Idempotency-Key header', () => {
  it('takes 1 to 255 printable ASCII characters: an order number such as "42", a UUID, punctuation, inner spaces', () => {
    for (const key of ['42', '7', 'order #42 / 2026', '8f14e45f-ceea-467f-a2b1-6d5c3d8e0a11', '~!@#$%^&*()', 'x'.repeat(255)]) {
      expect(idempotencyKey.safeParse(key).success, key).toBe(true);
    }
  });

  it('refuses an empty or too long key, spaces at either end, control characters and anything outside ASCII', () => {
    for (const key of [
      '',
      'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1),
      ' 42',
      '42 ',
      'a\tb',
      'a\u0000b',
      'a\u007fb',
      'café',
      '\ud800',
    ]) {
      expect(messages(idempotencyKey.safeParse(key)), JSON.stringify(key)).toEqual([M.idempotencyKeyInvalid]);
    }
  });
});
