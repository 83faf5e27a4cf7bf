/**
 * A payer is one customer per account and environment, found again by the same phone (however it was
 * typed) or the same e-mail (whatever its case), whichever way they pay.
 */
import { SIMULATOR } from '@sente/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMerchant,
  createPaymentLink,
  expectLedgerHolds,
  getData,
  type Merchant,
  PAYMENTS_ENV,
  payId,
} from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
});
afterAll(() => t.close());

const card = (email: string) => ({
  channel: 'CARD' as const,
  phone: undefined,
  email,
  card_number: SIMULATOR.successCard,
  card_expiry: '12/30',
  card_cvc: '123',
});

async function shopWithLink(name: string): Promise<{ merchant: Merchant; ref: string }> {
  const merchant = await createMerchant(t, name);
  const { ref } = await createPaymentLink(t, merchant, { title: 'Fees', fixed_amount: false, amount: 0 });
  return { merchant, ref };
}

/** Pays and settles at once (the simulator answers without delay here). */
async function paid(ref: string, body: Parameters<typeof payId>[2]): Promise<string> {
  const id = await payId(t, ref, body);
  await t.app.services.jobs.runDue();
  return id;
}

/** The account's customers, oldest first, totals as numbers (pg reads bigint as a string, PGlite as a number). */
const customersOf = async (accountId: string) =>
  (
    await t.database.db.selectFrom('customers').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute()
  ).map((row) => ({ ...row, total_paid: Number(row.total_paid) }));

const customerIdsOf = async (collectionIds: string[]) =>
  (await t.database.db.selectFrom('collections').select('customer_id').where('id', 'in', collectionIds).execute()).map(
    (row) => row.customer_id,
  );

describe('recording the payer of a successful payment', () => {
  it('finds the same phone however it was typed, and the same e-mail whatever its case', async () => {
    const { merchant, ref } = await shopWithLink('Phone Shop');
    const payments = [
      await paid(ref, { names: 'Okello John', phone: '0772 123 456', amount: 1000 }),
      await paid(ref, { names: 'Okello John', phone: '+256772123456', amount: 2000 }),
      await paid(ref, { names: 'Okello J.', phone: '256-772-123-456', amount: 3000, email: 'Okello@Example.com' }),
      await paid(ref, { names: 'Okello J.', ...card('OKELLO@example.com'), amount: 4000 }),
    ];
    const customers = await customersOf(merchant.accountId);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      names: 'Okello J.',
      phone: '256772123456',
      email: 'okello@example.com',
      payments_count: 4,
      total_paid: 10000,
    });
    expect(await customerIdsOf(payments)).toEqual(Array(4).fill(customers[0]!.id));
  });

  it('merges the customers of a phone and of an e-mail once one payment shows they are one payer', async () => {
    const { merchant, ref } = await shopWithLink('Merge Shop');
    const byPhone = await paid(ref, { names: 'Nakato Sarah', phone: '0772 555 111', amount: 1500 });
    const byCard = await paid(ref, { names: 'Sarah Nakato', ...card('sarah@example.com'), amount: 2500 });
    const byOtherPhone = await paid(ref, { names: 'Sarah N.', channel: 'AIRTEL', phone: '0701 555 222', amount: 500 });
    const before = await customersOf(merchant.accountId);
    expect(before).toHaveLength(3);

    // The MTN number with the card's e-mail: the first two are one payer.
    const both = await paid(ref, { names: 'Sarah Nakato', phone: '0772555111', email: 'sarah@example.com', amount: 1000 });
    const after = await customersOf(merchant.accountId);
    expect(after).toHaveLength(2);
    const [sarah, airtel] = after;
    expect(sarah).toMatchObject({
      id: before[0]!.id,
      names: 'Sarah Nakato',
      phone: '256772555111',
      email: 'sarah@example.com',
      payments_count: 3,
      total_paid: 5000,
    });
    expect(await customerIdsOf([byPhone, byCard, both])).toEqual(Array(3).fill(sarah!.id));

    // The Airtel number with the same e-mail joins too; the newest phone is the one on record.
    await paid(ref, { names: 'Sarah Nakato', channel: 'AIRTEL', phone: '0701555222', email: 'sarah@example.com', amount: 100 });
    const [one, ...none] = await customersOf(merchant.accountId);
    expect(none).toEqual([]);
    expect(one).toMatchObject({ id: sarah!.id, phone: '256701555222', payments_count: 5, total_paid: 5600 });
    expect(await customerIdsOf([byOtherPhone])).toEqual([sarah!.id]);
    expect(airtel!.id).not.toBe(sarah!.id);

    const list = await getData(t, merchant, '/api/customers');
    expect(list.totalItems).toBe(1);
    expect(list.items[0]).toMatchObject({ id: sarah!.id, payments_count: 5, total_paid: 5600 });
    await expectLedgerHolds(t);
  });

  it('keeps accounts apart: the same payer is a customer of each account they pay', async () => {
    const first = await shopWithLink('First Shop');
    const second = await shopWithLink('Second Shop');
    await paid(first.ref, { names: 'Akello Grace', phone: '0772 999 888', email: 'grace@example.com', amount: 700 });
    await paid(second.ref, { names: 'Akello Grace', phone: '0772 999 888', email: 'grace@example.com', amount: 800 });
    const [ofFirst] = await customersOf(first.merchant.accountId);
    const [ofSecond] = await customersOf(second.merchant.accountId);
    expect(ofFirst).toMatchObject({ payments_count: 1, total_paid: 700 });
    expect(ofSecond).toMatchObject({ payments_count: 1, total_paid: 800 });
    expect(ofFirst!.id).not.toBe(ofSecond!.id);
  });
});

describe('a phone shared by payers with different names (decision 036)', () => {
  it('keeps the latest name, every earlier one beside it, and each payment under its own name', async () => {
    const { merchant, ref } = await shopWithLink('Family Shop');
    const first = await paid(ref, { names: 'Okello John', phone: '0772 123 456', amount: 1000 });
    const second = await paid(ref, { names: 'Okello John', phone: '0772123456', amount: 2000 });
    const third = await paid(ref, { names: 'Akello Grace', phone: '0772 123 456', amount: 3000 });

    const list = await getData(t, merchant, '/api/customers');
    expect(list.totalItems).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({
        names: 'Akello Grace',
        other_names: ['Okello John'],
        other_names_total: 1,
        phone: '256772123456',
        payments_count: 3,
        total_paid: 6000,
      }),
    ]);
    const collections = await getData(t, merchant, '/api/collections');
    const payerOf = (id: string) => collections.items.find((item: { id: string }) => item.id === id)?.customer.names;
    expect([payerOf(first), payerOf(second), payerOf(third)]).toEqual(['Okello John', 'Okello John', 'Akello Grace']);
  });

  it('lists a name once whatever its case or spacing, the most recent first, and brings a returning name to the front', async () => {
    const { merchant, ref } = await shopWithLink('Names Shop');
    for (const names of ['Nakato Sarah', 'Okello John', 'NAKATO  sarah', 'Akello Grace', 'Okello John'])
      await paid(ref, { names, phone: '0701 444 555', channel: 'AIRTEL', amount: 100 });
    const [customer] = (await getData(t, merchant, '/api/customers')).items;
    expect(customer).toMatchObject({
      names: 'Okello John',
      other_names: ['Akello Grace', 'NAKATO sarah'],
      other_names_total: 2,
      payments_count: 5,
    });
  });

  it('carries at most five earlier names in the list, and counts them all', async () => {
    const { merchant, ref } = await shopWithLink('School Shop');
    for (let i = 1; i <= 8; i++) await paid(ref, { names: `Pupil ${i}`, phone: '0772 000 777', amount: 100 });
    const [customer] = (await getData(t, merchant, '/api/customers')).items;
    expect(customer).toMatchObject({
      names: 'Pupil 8',
      other_names: ['Pupil 7', 'Pupil 6', 'Pupil 5', 'Pupil 4', 'Pupil 3'],
      other_names_total: 7,
    });
  });

  it('keeps the names of customers merged by a payment that joins them', async () => {
    const { merchant, ref } = await shopWithLink('Joined Shop');
    await paid(ref, { names: 'Mugisha Paul', phone: '0772 888 111', amount: 100 });
    await paid(ref, { names: 'Paul M.', ...card('paul@example.com'), amount: 100 });
    await paid(ref, { names: 'P. Mugisha', phone: '0772888111', email: 'paul@example.com', amount: 100 });
    const [customer, ...none] = (await getData(t, merchant, '/api/customers')).items;
    expect(none).toEqual([]);
    expect(customer).toMatchObject({
      names: 'P. Mugisha',
      other_names: ['Paul M.', 'Mugisha Paul'],
      payments_count: 3,
    });
  });

  it("shows one account none of another's customers or names", async () => {
    const first = await shopWithLink('Own Names Shop');
    const second = await shopWithLink('Other Names Shop');
    await paid(first.ref, { names: 'Achieng Mary', phone: '0772 321 654', amount: 100 });
    await paid(first.ref, { names: 'Odongo Peter', phone: '0772 321 654', amount: 100 });
    await paid(second.ref, { names: 'Kato Brian', phone: '0772 321 654', amount: 100 });
    const ofSecond = await getData(t, second.merchant, '/api/customers');
    expect(ofSecond.items).toEqual([expect.objectContaining({ names: 'Kato Brian', other_names: [], other_names_total: 0 })]);
    const ofFirst = await getData(t, first.merchant, '/api/customers');
    expect(ofFirst.items).toEqual([expect.objectContaining({ names: 'Odongo Peter', other_names: ['Achieng Mary'] })]);
  });
});
