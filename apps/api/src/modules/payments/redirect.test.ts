import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createPaymentLink, type Merchant, PAYMENTS_ENV, payId, paymentStatus } from '../../testing/payments.ts';
import { type VerifyRedirect, verifierFromDocs } from '../../testing/redirect-docs.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer } from '../../testing/users.ts';
import { signingSecretOf } from '../../testing/webhook-receiver.ts';

let t: TestApp;
let verify: VerifyRedirect;

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  verify = await verifierFromDocs();
});
afterAll(() => t.close());

const sweep = () => t.app.services.jobs.runDue({});
const keysRow = (accountId: string) =>
  t.database.db.selectFrom('api_keys').select('account_id').where('account_id', '=', accountId).executeTakeFirst();

/** A paid payment on a link redirecting to `target`, and the redirect URL its page is given. */
async function paidRedirect(merchant: Merchant, target: string, body = {}) {
  const link = await createPaymentLink(t, merchant, { redirect_url: target });
  const id = await payId(t, link.ref, body);
  await sweep();
  const paid = await paymentStatus(t, id);
  return { id, paid, url: paid.redirect_url! };
}

describe('the redirect after a successful payment', () => {
  it("carries the payment's reference and status, signed with the account's key made at the first redirect", async () => {
    const merchant = await createMerchant(t, 'Redirect Shop');
    expect(await keysRow(merchant.accountId)).toBeUndefined();
    const { id, paid, url } = await paidRedirect(merchant, 'https://shop.example.com/thanks?order=17&note=a%20b#done');

    // The merchant's own query is kept as written, the fragment stays last.
    expect(url.startsWith('https://shop.example.com/thanks?order=17&note=a%20b&sente_id=')).toBe(true);
    expect(url.endsWith('#done')).toBe(true);
    const params = new URL(url).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      sente_id: id,
      sente_transaction_id: paid.transaction_id,
      sente_status: 'successful',
      sente_amount: '25000',
      sente_currency: 'UGX',
    });
    // No reference was set by an API call, so none is carried.
    expect(params.has('sente_reference')).toBe(false);
    expect(Math.abs(Number(params.get('sente_timestamp')) - Date.now() / 1000)).toBeLessThan(60);
    expect(params.get('sente_signature')).toMatch(/^[0-9a-f]{64}$/);

    expect(await keysRow(merchant.accountId)).toBeDefined();
    // The key the Api Keys page then shows is the one that signed: the docs' snippet verifies with it.
    const key = await signingSecretOf(t, merchant);
    expect(verify(url, key)).toEqual({
      id,
      transaction_id: paid.transaction_id,
      status: 'successful',
      amount: '25000',
      currency: 'UGX',
      reference: '',
      timestamp: params.get('sente_timestamp'),
    });
  });

  it('carries and signs the merchant reference when the payment has one', async () => {
    const merchant = await createMerchant(t, 'Reference Shop');
    const link = await createPaymentLink(t, merchant, { redirect_url: 'https://shop.example.com/done' });
    const id = await payId(t, link.ref);
    // Only /v1 sets a reference today (its collections have no link to redirect from); the rule holds for any
    // payment that carries one, so the row is given one here.
    await t.database.db.updateTable('collections').set({ reference: 'INV 2026/001' }).where('id', '=', id).execute();
    await sweep();
    const url = (await paymentStatus(t, id)).redirect_url!;
    expect(new URL(url).searchParams.get('sente_reference')).toBe('INV 2026/001');
    expect(verify(url, await signingSecretOf(t, merchant))).toMatchObject({ id, reference: 'INV 2026/001' });
  });

  it('fails verification when anything is changed, or when the URL is older than 10 minutes', async () => {
    const merchant = await createMerchant(t, 'Tamper Shop');
    const { url } = await paidRedirect(merchant, 'https://shop.example.com/thanks');
    const key = await signingSecretOf(t, merchant);
    const changed = (name: string, value: string) => {
      const next = new URL(url);
      next.searchParams.set(name, value);
      return next.href;
    };
    expect(verify(url, key)).not.toBeNull();
    expect(verify(changed('sente_amount', '2500000'), key)).toBeNull();
    expect(verify(changed('sente_status', 'failed'), key)).toBeNull();
    expect(verify(changed('sente_reference', 'INV-1'), key)).toBeNull();
    expect(verify(changed('sente_id', crypto.randomUUID()), key)).toBeNull();
    expect(verify(changed('sente_signature', '0'.repeat(64)), key)).toBeNull();
    expect(verify(changed('sente_signature', 'abc'), key)).toBeNull();
    const signedAt = Number(new URL(url).searchParams.get('sente_timestamp')) * 1000;
    expect(verify(url, key, signedAt + 9 * 60_000)).not.toBeNull();
    expect(verify(url, key, signedAt + 11 * 60_000)).toBeNull();
  });

  it("is signed with the payment's own account's key, never another's, and new keys replace the old", async () => {
    const alpha = await createMerchant(t, 'Alpha Shop');
    const beta = await createMerchant(t, 'Beta Shop');
    const alphaKey = await signingSecretOf(t, alpha);
    const betaKey = await signingSecretOf(t, beta);
    const { url: alphaUrl } = await paidRedirect(alpha, 'https://alpha.example.com/thanks');
    const { url: betaUrl } = await paidRedirect(beta, 'https://beta.example.com/thanks');
    expect(verify(alphaUrl, alphaKey)).not.toBeNull();
    expect(verify(alphaUrl, betaKey)).toBeNull();
    expect(verify(betaUrl, betaKey)).not.toBeNull();
    expect(verify(betaUrl, alphaKey)).toBeNull();

    const generated = await t.app.inject({ method: 'POST', url: '/api/keys/generate', headers: bearer(alpha.accessToken) });
    const newKey = generated.json().data.encryption_key as string;
    const { url: later } = await paidRedirect(alpha, 'https://alpha.example.com/thanks');
    expect(verify(later, newKey)).not.toBeNull();
    expect(verify(later, alphaKey)).toBeNull();
  });

  it('is not given for a failed payment', async () => {
    const merchant = await createMerchant(t, 'Failing Shop');
    const { paid } = await paidRedirect(merchant, 'https://shop.example.com/thanks', { phone: '0772120001' });
    expect(paid.status).toBe('failed');
    expect(paid.redirect_url).toBeUndefined();
  });

  it('is not given, rather than unsigned, when the account key cannot be read (APP_SECRET changed)', async () => {
    const merchant = await createMerchant(t, 'Sealed Shop');
    const other = await createMerchant(t, 'Other Shop');
    await signingSecretOf(t, merchant);
    await signingSecretOf(t, other);
    // Another account's sealed key does not open under this account's context, as after a change of APP_SECRET.
    const { encryption_key_encrypted } = await t.database.db
      .selectFrom('api_keys')
      .select('encryption_key_encrypted')
      .where('account_id', '=', other.accountId)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('api_keys')
      .set({ encryption_key_encrypted })
      .where('account_id', '=', merchant.accountId)
      .execute();
    const { paid } = await paidRedirect(merchant, 'https://shop.example.com/thanks');
    expect(paid.status).toBe('successful');
    expect(paid.redirect_url).toBeUndefined();
  });

  it('drops parameters of the reserved sente_ prefix from the merchant URL, so they cannot pass for ours', async () => {
    const merchant = await createMerchant(t, 'Prefix Shop');
    const { url } = await paidRedirect(
      merchant,
      'https://shop.example.com/thanks?sente_status=failed&x=1&Sente%5Fid=forged&sente%5famount=1',
    );
    expect(url.startsWith('https://shop.example.com/thanks?x=1&sente_id=')).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.getAll('sente_status')).toEqual(['successful']);
    expect(params.getAll('sente_id')).toHaveLength(1);
    expect(params.getAll('sente_amount')).toHaveLength(1);
    expect(verify(url, await signingSecretOf(t, merchant))).not.toBeNull();
  });
});
