import { randomUUID } from 'node:crypto';
import * as momo from 'mtn-momo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMtn, startFakeMtn } from './fake-mtn.ts';

/**
 * The fake MTN driven by MTN's public Node client, `mtn-momo` 2.0.0 (a dev dependency): what that client sends, the
 * fake takes, and what the fake answers, the client reads as it reads MTN. So the fake cannot drift from MTN's own
 * client in the requests, the answers, the error bodies or the version 4 reference ids (the client's validateTransfer
 * requires one).
 */
let fake: FakeMtn;
let collections: ReturnType<momo.MomoClient['Collections']>;
let disbursements: ReturnType<momo.MomoClient['Disbursements']>;

beforeAll(async () => {
  fake = await startFakeMtn();
  const settings = fake.settings();
  const client = momo.create({ callbackHost: 'pay.sente.test', baseUrl: fake.url, environment: momo.Environment.SANDBOX });
  collections = client.Collections({
    primaryKey: settings.collection!.subscriptionKey,
    userId: settings.collection!.apiUser,
    userSecret: settings.collection!.apiKey,
  });
  disbursements = client.Disbursements({
    primaryKey: settings.disbursement!.subscriptionKey,
    userId: settings.disbursement!.apiUser,
    userSecret: settings.disbursement!.apiKey,
  });
});

afterAll(async () => {
  await fake.close();
});

const payer = { partyIdType: momo.PayerType.MSISDN, partyId: '256772123456' };
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

describe('the fake MTN, driven by the mtn-momo SDK', () => {
  it('token and requestToPay: the SDK’s request is taken (v4 reference id), and its status read back', async () => {
    const externalId = randomUUID();
    const referenceId = await collections.requestToPay({
      amount: '5000',
      currency: 'UGX',
      externalId,
      payer,
      payerMessage: 'Payment SNTSDK',
      payeeNote: 'Sente SNTSDK',
      callbackUrl: 'https://pay.sente.test/api/providers/mtn_momo/callback/x',
    });
    expect(referenceId).toMatch(V4);
    expect(fake.tokensIssued).toBeGreaterThanOrEqual(1);
    expect(fake.records.get(referenceId)).toMatchObject({
      product: 'collection',
      status: 'PENDING',
      callbackUrl: 'https://pay.sente.test/api/providers/mtn_momo/callback/x',
      body: { amount: '5000', currency: 'UGX', externalId, payer },
    });

    expect(await collections.getTransaction(referenceId)).toMatchObject({ status: 'PENDING', amount: '5000', externalId });
    await fake.complete(referenceId, 'SUCCESSFUL');
    const done = await collections.getTransaction(referenceId);
    expect(done).toMatchObject({ status: 'SUCCESSFUL', amount: '5000', currency: 'UGX', externalId, payer });
    expect(done.financialTransactionId).toMatch(/^\d+$/);
  });

  it('a FAILED status reaches the SDK as its error for the reason', async () => {
    const referenceId = await collections.requestToPay({ amount: '5000', currency: 'UGX', externalId: 'x', payer });
    await fake.complete(referenceId, { reason: 'PAYER_NOT_FOUND' });
    await expect(collections.getTransaction(referenceId)).rejects.toBeInstanceOf(momo.PayerNotFoundError);
  });

  it('404 after the 202 (notFoundFor) is the SDK’s ResourceNotFoundError, then the status as usual', async () => {
    const referenceId = await collections.requestToPay({ amount: '5000', currency: 'UGX', externalId: 'x', payer });
    fake.notFoundFor(referenceId, 1);
    await expect(collections.getTransaction(referenceId)).rejects.toBeInstanceOf(momo.ResourceNotFoundError);
    expect(await collections.getTransaction(referenceId)).toMatchObject({ status: 'PENDING' });
  });

  it.each([
    ['NOT_ALLOWED', momo.NotAllowedError],
    ['NOT_ALLOWED_TARGET_ENVIRONMENT', momo.NotAllowedTargetEnvironmentError],
    ['INVALID_CALLBACK_URL_HOST', momo.InvalidCallbackUrlHostError],
    ['INVALID_CURRENCY', momo.InvalidCurrencyError],
  ])('a setup fault %s (HTTP 500 with the code) is the SDK’s own error for it', async (code, type) => {
    const before = fake.records.size;
    fake.fault('requesttopay', { code });
    await expect(collections.requestToPay({ amount: '5000', currency: 'UGX', externalId: 'x', payer })).rejects.toBeInstanceOf(
      type,
    );
    expect(fake.records.size).toBe(before);
  });

  it('misreport: the SDK reads the other amount and currency', async () => {
    const referenceId = await collections.requestToPay({ amount: '5000', currency: 'UGX', externalId: 'x', payer });
    fake.misreport(referenceId, { amount: '50', currency: 'EUR' });
    await fake.complete(referenceId, 'SUCCESSFUL');
    expect(await collections.getTransaction(referenceId)).toMatchObject({ status: 'SUCCESSFUL', amount: '50', currency: 'EUR' });
  });

  it('token and transfer: the payout is taken and read back; a reused reference id is the SDK’s ResourceAlreadyExistError', async () => {
    const referenceId = randomUUID();
    const request = { referenceId, amount: '20000', currency: 'UGX', externalId: referenceId, payee: payer };
    expect(await disbursements.transfer(request)).toBe(referenceId);
    expect(fake.records.get(referenceId)).toMatchObject({ product: 'disbursement', body: { amount: '20000', payee: payer } });
    await expect(disbursements.transfer(request)).rejects.toBeInstanceOf(momo.ResourceAlreadyExistError);
    await fake.complete(referenceId, 'SUCCESSFUL');
    expect(await disbursements.getTransaction(referenceId)).toMatchObject({
      status: 'SUCCESSFUL',
      amount: '20000',
      currency: 'UGX',
      externalId: referenceId,
      payee: payer,
    });
  });

  it('account holder: the SDK’s isPayerActive reads an active holder as true, an unknown number as false', async () => {
    fake.holders.set('256772555010', { given_name: 'Grace', family_name: 'Namubiru' });
    expect(await disbursements.isPayerActive('256772555010')).toBe(true);
    expect(await disbursements.isPayerActive('256772555011')).toBe(false);
  });
});
