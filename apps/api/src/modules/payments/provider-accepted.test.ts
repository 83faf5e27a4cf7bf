import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMerchant,
  createPaymentLink,
  expectLedgerHolds,
  type Merchant,
  PAYMENTS_ENV,
  pay,
  paymentStatus,
  ugxBalances,
} from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** A payer whose charge the provider accepts, but whose row then cannot be written (the trigger below). */
const UNLUCKY_PAYER = '256772404040';

let t: TestApp;
let merchant: Merchant;
let link: { id: string; ref: string };

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  merchant = await createMerchant(t, 'Accepted Shop');
  link = await createPaymentLink(t, merchant, { amount: 25_000 });
  // The write that records the provider's answer fails for this payer, as a dropped connection would make it.
  await sql`
    create function refuse_provider_answer() returns trigger language plpgsql as $$
    begin
      if new.msisdn = '${sql.raw(UNLUCKY_PAYER)}' and new.provider_reference is not null then
        raise exception 'connection lost';
      end if;
      return new;
    end $$`.execute(t.database.db);
  await sql`create trigger refuse_provider_answer before update on collections
    for each row execute function refuse_provider_answer()`.execute(t.database.db);
});
afterAll(async () => {
  await sql`drop trigger refuse_provider_answer on collections`.execute(t.database.db);
  await sql`drop function refuse_provider_answer()`.execute(t.database.db);
  await t.close();
});

describe('a charge the provider accepted', () => {
  it('stays pending when recording the acceptance fails, and is credited when the provider reports success', async () => {
    const res = await pay(t, link.ref, { phone: '0772404040' });
    expect(res.statusCode, res.body).toBe(201);
    const { id, status } = res.json().data;
    expect(status).toBe('pending');
    expect((await paymentStatus(t, id)).status).toBe('pending');

    const applied = await t.app.services.payments.settle(id, { status: 'successful', message: null });
    expect(applied?.status).toBe('successful');
    expect((await paymentStatus(t, id)).status).toBe('successful');
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(24_250);
    await expectLedgerHolds(t);
  });
});
