import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMtn, startFakeMtn } from '../../../../testing/fake-mtn.ts';
import { listenLocally } from '../../../../testing/local-server.ts';
import { rejection } from '../../../../testing/rejection.ts';
import { type ChargeRequest, type Money, type PaymentProvider, ProviderRefused, ProviderSetupError } from '../provider.ts';
import { ProviderUnreachable } from './http.ts';
import { createMtnMomo, type MtnSettings } from './mtn.ts';

let fake: FakeMtn;

beforeAll(async () => {
  fake = await startFakeMtn();
});

afterAll(async () => {
  await fake.close();
});

// Each test starts from a clean fake: no records, requests, queued faults or tokens counted.
afterEach(() => {
  fake.records.clear();
  fake.requests.length = 0;
  fake.tokensIssued = 0;
  fake.tokenTtlSeconds = 3600;
  fake.reasonAsObject = false;
  fake.revokeTokens();
});

const mtn = (overrides: Partial<MtnSettings> = {}): PaymentProvider => createMtnMomo(fake.settings(overrides));

const chargeOf = (overrides: Partial<ChargeRequest> = {}): ChargeRequest & Money => ({
  currency: 'UGX',
  collectionId: randomUUID(),
  transactionId: 'SNTABCDEF123456',
  merchantName: 'Kampala Parents & Teachers School',
  channel: 'MTN_UG',
  msisdn: '256772123456',
  amount: 5000,
  card: null,
  ...overrides,
});

const payoutOf = (transferId: string = randomUUID()) => ({
  transferId,
  msisdn: '256772123456',
  amount: 20000,
  currency: 'UGX' as const,
});

const posts = (path: string) => fake.requests.filter((request) => request.method === 'POST' && request.path === path);

describe('MTN MoMo: tokens', () => {
  it('asks for one token per product with Basic auth, then sends it as Bearer with the environment and key', async () => {
    // A patient adapter: on a starved machine a 300 ms timeout would retry the token request and count a second token.
    const settings = fake.settings({ callbackUrl: 'https://sente.example/api/callbacks/mtn', timeoutMs: 5_000 });
    const provider = createMtnMomo(settings);
    const [first, second] = [chargeOf(), chargeOf()];
    // Concurrent first calls share one token request.
    await Promise.all([provider.charge(first), provider.charge(second)]);
    await provider.paymentStatus!(first);
    expect(fake.tokensIssued).toBe(1);

    const [token] = posts('/collection/token/');
    const basic = Buffer.from(`${settings.collection!.apiUser}:${settings.collection!.apiKey}`).toString('base64');
    expect(token!.headers.authorization).toBe(`Basic ${basic}`);
    expect(token!.headers['ocp-apim-subscription-key']).toBe(settings.collection!.subscriptionKey);

    const call = posts('/collection/v1_0/requesttopay').find(
      (request) => request.headers['x-reference-id'] === first.collectionId,
    )!;
    expect(call.headers.authorization).toMatch(/^Bearer .+/);
    expect(call.headers['x-target-environment']).toBe('sandbox');
    expect(call.headers['ocp-apim-subscription-key']).toBe(settings.collection!.subscriptionKey);
    expect(call.headers['x-callback-url']).toBe('https://sente.example/api/callbacks/mtn');
    expect(call.body).toEqual({
      amount: '5000',
      currency: 'UGX',
      externalId: first.collectionId,
      payer: { partyIdType: 'MSISDN', partyId: '256772123456' },
      payerMessage: 'Kampala Parents Teachers School SNTABCDEF123456',
      payeeNote: 'Sente SNTABCDEF123456 Kampala Parents Teachers School',
    });
  });

  it('the disbursement product has its own token', async () => {
    const provider = mtn();
    await provider.charge(chargeOf());
    await provider.payout(payoutOf());
    expect(posts('/collection/token/')).toHaveLength(1);
    expect(posts('/disbursement/token/')).toHaveLength(1);
  });

  it('asks for a new token once the last one is about to expire', async () => {
    // 0.4 s: the cache keeps it for half of that (0.2 s), the fake honours it for all of it.
    fake.tokenTtlSeconds = 0.4;
    const provider = mtn();
    await provider.charge(chargeOf());
    await provider.charge(chargeOf());
    expect(fake.tokensIssued).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await provider.charge(chargeOf());
    expect(fake.tokensIssued).toBe(2);
  });

  it('after a 401 on a revoked token: one new token, and the call is repeated once', async () => {
    const provider = mtn();
    await provider.charge(chargeOf());
    fake.revokeTokens();
    const charge = chargeOf();
    expect(await provider.charge(charge)).toEqual({ providerReference: charge.collectionId });
    expect(fake.tokensIssued).toBe(2);
    const attempts = posts('/collection/v1_0/requesttopay').filter((r) => r.headers['x-reference-id'] === charge.collectionId);
    expect(attempts).toHaveLength(2);
    expect(fake.records.size).toBe(2);
    // And a status read recovers the same way.
    fake.revokeTokens();
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'pending' });
    expect(fake.tokensIssued).toBe(3);
  });

  it('a 401 that persists with a new token is an error, not a refusal, and nothing is recorded', async () => {
    const provider = mtn();
    fake.fault('requesttopay', 401, 401);
    const error = await rejection(provider.charge(chargeOf()));
    expect(error).not.toBeInstanceOf(ProviderRefused);
    expect(error).not.toBeInstanceOf(ProviderUnreachable);
    expect(error.message).toContain('401');
    expect(fake.records.size).toBe(0);
    expect(fake.tokensIssued).toBe(2);
  });

  it('a token answer without access_token, or wrong credentials, is an error before anything is sent', async () => {
    fake.fault('token', 'malformed');
    const malformed = await rejection(mtn().charge(chargeOf()));
    expect(malformed.message).toMatch(/token/);
    expect(malformed).not.toBeInstanceOf(ProviderUnreachable);

    const settings = fake.settings();
    const wrongKey = await rejection(
      createMtnMomo({ ...settings, collection: { ...settings.collection!, apiKey: 'wrong' } }).charge(chargeOf()),
    );
    expect(wrongKey.message).toMatch(/token: answered 401/);
    expect(posts('/collection/v1_0/requesttopay')).toHaveLength(0);
  });

  it('an unreachable token endpoint means the charge was never sent: ProviderUnreachable, not accepted', async () => {
    fake.fault('token', 503, 503, 503);
    const error = await rejection(mtn().charge(chargeOf()));
    expect(error).toBeInstanceOf(ProviderUnreachable);
    expect(posts('/collection/v1_0/requesttopay')).toHaveLength(0);
  });
});

describe('MTN MoMo: charges', () => {
  it('202, then PENDING, then SUCCESSFUL with MTN’s financialTransactionId', async () => {
    const provider = mtn();
    const charge = chargeOf();
    const accepted = await provider.charge(charge);
    expect(accepted).toEqual({ providerReference: charge.collectionId });
    expect(accepted.simulated).toBeUndefined();
    expect(fake.records.get(charge.collectionId)).toMatchObject({ product: 'collection', status: 'PENDING', callbackUrl: null });

    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'pending' });
    await fake.complete(charge.collectionId, 'SUCCESSFUL');
    const financialTransactionId = fake.records.get(charge.collectionId)!.financialTransactionId!;
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'successful', providerReference: financialTransactionId });
  });

  it.each([
    ['NOT_ENOUGH_FUNDS', PAYMENT_MESSAGES.insufficientBalance],
    ['APPROVAL_REJECTED', PAYMENT_MESSAGES.declinedOnPhone],
    ['TRANSACTION_CANCELED', PAYMENT_MESSAGES.declinedOnPhone],
    ['EXPIRED', PAYMENT_MESSAGES.expired],
    ['PAYMENT_NOT_APPROVED', PAYMENT_MESSAGES.expired],
    // MTN's reasons page: the payer did not approve within the 5 minutes given (never entered the PIN).
    ['COULD_NOT_PERFORM_TRANSACTION', PAYMENT_MESSAGES.expired],
    ['PAYER_NOT_FOUND', PAYMENT_MESSAGES.notRegistered],
    ['PAYER_LIMIT_REACHED', PAYMENT_MESSAGES.limitReached],
    ['INTERNAL_PROCESSING_ERROR', PAYMENT_MESSAGES.providerDeclined],
    ['SOMETHING_NEW', PAYMENT_MESSAGES.providerDeclined],
  ])('FAILED with %s reads "%s"', async (reason, message) => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    await fake.complete(charge.collectionId, { reason });
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'failed', message, providerCode: reason });
    // The older `{ code, message }` shape of the reason reads the same.
    fake.reasonAsObject = true;
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'failed', message, providerCode: reason });
  });

  it('FAILED without a reason is the provider declining', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    Object.assign(fake.records.get(charge.collectionId)!, { status: 'FAILED', reason: null });
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'failed', message: PAYMENT_MESSAGES.providerDeclined });
  });

  it('a reused reference id (409) is accepted, and MTN holds one request: no second charge', async () => {
    const provider = mtn();
    const charge = chargeOf();
    expect(await provider.charge(charge)).toEqual({ providerReference: charge.collectionId });
    expect(await provider.charge(charge)).toEqual({ providerReference: charge.collectionId });
    expect(posts('/collection/v1_0/requesttopay')).toHaveLength(2);
    expect(fake.records.size).toBe(1);
  });

  it('a 5xx is retried with the same X-Reference-Id, and then accepted', async () => {
    const charge = chargeOf();
    fake.fault('requesttopay', 503, 500);
    expect(await mtn().charge(charge)).toEqual({ providerReference: charge.collectionId });
    const attempts = posts('/collection/v1_0/requesttopay');
    expect(attempts.map((request) => request.headers['x-reference-id'])).toEqual([
      charge.collectionId,
      charge.collectionId,
      charge.collectionId,
    ]);
    expect(fake.records.size).toBe(1);
  });

  it('taken but its answer lost: the retry meets 409 and is accepted, one record', async () => {
    const charge = chargeOf();
    fake.fault('requesttopay', 'record-then-hang');
    expect(await mtn({ timeoutMs: 80 }).charge(charge)).toEqual({ providerReference: charge.collectionId });
    expect(posts('/collection/v1_0/requesttopay')).toHaveLength(2);
    expect(fake.records.size).toBe(1);
  });

  it('no answer to any attempt: accepted, and the later status says unknown when MTN never took it', async () => {
    const provider = mtn({ timeoutMs: 60, retries: 1 });
    const charge = chargeOf();
    fake.fault('requesttopay', 'hang', 'hang');
    expect(await provider.charge(charge)).toEqual({ providerReference: charge.collectionId });
    expect(posts('/collection/v1_0/requesttopay')).toHaveLength(2);
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'unknown' });
  });

  it.each([
    ['PAYER_NOT_FOUND', PAYMENT_MESSAGES.notRegistered],
    ['NOT_ALLOWED', PAYMENT_MESSAGES.providerDeclined],
    ['INVALID_CURRENCY', PAYMENT_MESSAGES.providerDeclined],
  ])('refused with %s: ProviderRefused "%s", nothing recorded', async (code, message) => {
    fake.refuse('requesttopay', code);
    const error = await rejection(mtn().charge(chargeOf()));
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(error.message).toBe(message);
    expect(fake.records.size).toBe(0);
  });

  it('a currency MTN does not take is refused by MTN’s own check (INVALID_CURRENCY)', async () => {
    const error = await rejection(mtn({ currency: 'USD' }).charge(chargeOf()));
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(error.message).toBe(PAYMENT_MESSAGES.providerDeclined);
  });

  it.each(['NOT_ALLOWED', 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'INVALID_CALLBACK_URL_HOST', 'INVALID_CURRENCY'])(
    'a 500 with %s (our setup) is final at once: one attempt, never accepted, the code named',
    async (code) => {
      fake.fault('requesttopay', { code });
      const error = await rejection(mtn().charge(chargeOf()));
      expect(error).toBeInstanceOf(ProviderSetupError);
      expect(error).toMatchObject({ kind: 'setup', providerCode: code });
      expect(error.message).toContain(code);
      expect(posts('/collection/v1_0/requesttopay')).toHaveLength(1);
      expect(fake.records.size).toBe(0);

      fake.fault('transfer', { code });
      await expect(mtn().payout(payoutOf())).rejects.toMatchObject({ kind: 'setup', providerCode: code });
      expect(posts('/disbursement/v1_0/transfer')).toHaveLength(1);
    },
  );

  it('a 500 with another code (MTN’s INTERNAL_PROCESSING_ERROR) is still retried, then accepted', async () => {
    const charge = chargeOf();
    fake.fault('requesttopay', { code: 'INTERNAL_PROCESSING_ERROR' }, { code: 'INTERNAL_PROCESSING_ERROR' });
    expect(await mtn().charge(charge)).toEqual({ providerReference: charge.collectionId });
    expect(posts('/collection/v1_0/requesttopay')).toHaveLength(3);
  });

  it('a status read answered 500 with a setup code is an error at once, naming the code: asked again later', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    fake.fault('status', { code: 'NOT_ALLOWED' });
    await expect(provider.paymentStatus!(charge)).rejects.toThrow(/500 \(NOT_ALLOWED\)/);
    expect(fake.requests.filter((request) => request.method === 'GET')).toHaveLength(1);
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'pending' });
  });

  it('MTN takes only a version 4 UUID as X-Reference-Id; ours are sent only when they are one', async () => {
    const v7 = '01936b2e-7f4a-7c3d-9b1e-0a1b2c3d4e5f';
    await expect(mtn().charge(chargeOf({ collectionId: v7 }))).rejects.toThrow(/version 4 UUID/);
    await expect(mtn().payout(payoutOf(v7))).rejects.toThrow(/version 4 UUID/);
    expect(fake.requests).toHaveLength(0);
    // And the fake, like MTN, answers 400 to one, however it is sent.
    const { collection } = fake.settings();
    const key = { 'ocp-apim-subscription-key': collection!.subscriptionKey };
    const basic = Buffer.from(`${collection!.apiUser}:${collection!.apiKey}`).toString('base64');
    const token = await fetch(`${fake.url}/collection/token/`, {
      method: 'POST',
      headers: { ...key, authorization: `Basic ${basic}` },
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const sent = await fetch(`${fake.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: { ...key, 'x-reference-id': v7, authorization: `Bearer ${access_token}`, 'x-target-environment': 'sandbox' },
      body: JSON.stringify({ ...chargeOf(), amount: '5000' }),
    });
    expect(sent.status).toBe(400);
    expect(fake.records.size).toBe(0);
  });

  it('a malformed 2xx to the request is accepted: MTN may have taken it, and the status check decides', async () => {
    fake.fault('requesttopay', 'malformed');
    const request = chargeOf();
    const provider = mtn();
    expect(await provider.charge(request)).toEqual({ providerReference: request.collectionId });
    expect(
      await provider.paymentStatus!({
        collectionId: request.collectionId,
        transactionId: request.transactionId,
        amount: 5000,
        currency: 'UGX',
      }),
    ).toEqual({
      status: 'unknown',
    });
  });

  it('only MTN_UG charges with a number, and a UUID reference, are sent', async () => {
    const provider = mtn();
    await expect(provider.charge(chargeOf({ channel: 'AIRTEL' }))).rejects.toThrow(/MTN_UG/);
    await expect(provider.charge(chargeOf({ msisdn: null }))).rejects.toThrow(/MTN_UG/);
    await expect(provider.charge(chargeOf({ collectionId: 'col_123' }))).rejects.toThrow(/UUID/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('MTN MoMo: status reads', () => {
  it('an id MTN never saw is unknown (404 RESOURCE_NOT_FOUND)', async () => {
    const provider = mtn();
    expect(
      await provider.paymentStatus!({ collectionId: randomUUID(), transactionId: 'SNTX', amount: 5000, currency: 'UGX' }),
    ).toEqual({ status: 'unknown' });
    expect(await provider.payoutStatus!({ transferId: randomUUID(), amount: 20000, currency: 'UGX' })).toEqual({
      status: 'unknown',
    });
  });

  it('a 404 that is not MTN’s (a wrong base URL) is an error, never unknown', async () => {
    const provider = mtn({ baseUrl: `${fake.url}/wrong` });
    await expect(
      provider.paymentStatus!({ collectionId: randomUUID(), transactionId: 'SNTX', amount: 5000, currency: 'UGX' }),
    ).rejects.toThrow(/404/);
  });

  it('a gateway’s 404 on the status path (no MTN code) is an error; a string expires_in is read as seconds', async () => {
    // A stand-in for a misrouted gateway: tokens as MTN gives them (expires_in as a numeric string), and 404s in
    // APIM's shape for everything else.
    let tokenRequests = 0;
    const gateway = await listenLocally(({ method, url }, response) => {
      if (method === 'POST' && url === '/collection/token/') {
        tokenRequests += 1;
        const body = JSON.stringify({ access_token: 'gateway-token', token_type: 'access_token', expires_in: '3600' });
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
        return;
      }
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ statusCode: 404, message: 'Resource not found' }));
    });
    try {
      const provider = mtn({ baseUrl: gateway.url });
      const subject = { collectionId: randomUUID(), transactionId: 'SNTX', amount: 5000, currency: 'UGX' };
      await expect(provider.paymentStatus!(subject)).rejects.toThrow(/unexpected answer 404/);
      await expect(provider.paymentStatus!(subject)).rejects.toThrow(/unexpected answer 404/);
      expect(tokenRequests).toBe(1);
    } finally {
      await gateway.close();
    }
  });

  it('a status answer that is not JSON, or an unknown status, is an error', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    fake.fault('status', 'malformed');
    const malformed = await rejection(provider.paymentStatus!(charge));
    expect(malformed).not.toBeInstanceOf(ProviderUnreachable);
    expect(malformed.message).toMatch(/not a status/);

    Object.assign(fake.records.get(charge.collectionId)!, { status: 'ONGOING' });
    await expect(provider.paymentStatus!(charge)).rejects.toThrow(/not a status/);
  });

  it('404 for a while after the 202 is unknown each time, then MTN’s real answer', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    fake.notFoundFor(charge.collectionId, 2);
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'unknown' });
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'unknown' });
    await fake.complete(charge.collectionId, 'SUCCESSFUL');
    expect(await provider.paymentStatus!(charge)).toMatchObject({ status: 'successful' });
  });

  it('a final answer with another amount or currency than we sent is a mismatch, never successful or failed', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    fake.misreport(charge.collectionId, { amount: '500' });
    // Pending says nothing about money: only a final answer is compared.
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'pending' });
    await fake.complete(charge.collectionId, 'SUCCESSFUL');
    expect(await provider.paymentStatus!(charge)).toEqual({
      status: 'mismatch',
      reported: 'successful',
      detail: 'the provider reports amount 500 where ours is 5000',
    });

    const payout = payoutOf();
    await provider.payout(payout);
    fake.misreport(payout.transferId, { currency: 'EUR' });
    await fake.complete(payout.transferId, { reason: 'PAYEE_NOT_FOUND' });
    expect(await provider.payoutStatus!(payout)).toEqual({
      status: 'mismatch',
      reported: 'failed',
      detail: 'the provider reports currency EUR where ours is UGX',
    });
  });

  it('the currency compared is the one sent (the settings’), and "5000.00" is 5000', async () => {
    const provider = mtn({ currency: 'EUR' });
    const charge = chargeOf();
    await provider.charge(charge);
    fake.misreport(charge.collectionId, { amount: '5000.00' });
    await fake.complete(charge.collectionId, 'SUCCESSFUL');
    expect(await provider.paymentStatus!(charge)).toMatchObject({ status: 'successful' });
  });

  it('a success without its amount or currency cannot be checked: an error, asked again, never applied', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    await fake.complete(charge.collectionId, 'SUCCESSFUL');
    fake.misreport(charge.collectionId, { amount: 'lots' });
    await expect(provider.paymentStatus!(charge)).rejects.toThrow(/not a status/);
  });

  it('a status read that times out throws ProviderUnreachable quickly', async () => {
    const provider = mtn({ timeoutMs: 50, retries: 1 });
    const charge = chargeOf();
    await provider.charge(charge);
    fake.fault('status', 'hang', 'hang');
    const started = Date.now();
    const error = await rejection(provider.paymentStatus!(charge));
    expect(error).toBeInstanceOf(ProviderUnreachable);
    expect(error.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a status read retries a 5xx', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    fake.fault('status', 500);
    expect(await provider.paymentStatus!(charge)).toEqual({ status: 'pending' });
  });
});

describe('MTN MoMo: payouts', () => {
  it('202, then PENDING, then SUCCESSFUL; the body names the payee in the settings’ currency', async () => {
    const provider = mtn({ currency: 'EUR' });
    const transferId = randomUUID();
    expect(await provider.payout(payoutOf(transferId))).toEqual({ providerReference: transferId });
    const [call] = posts('/disbursement/v1_0/transfer');
    expect(call!.headers['x-reference-id']).toBe(transferId);
    expect(call!.body).toEqual({
      amount: '20000',
      currency: 'EUR',
      externalId: transferId,
      payee: { partyIdType: 'MSISDN', partyId: '256772123456' },
      payerMessage: expect.any(String),
      payeeNote: expect.any(String),
    });
    expect(await provider.payoutStatus!({ transferId, amount: 20000, currency: 'UGX' })).toEqual({ status: 'pending' });
    await fake.complete(transferId, 'SUCCESSFUL');
    expect(await provider.payoutStatus!({ transferId, amount: 20000, currency: 'UGX' })).toEqual({
      status: 'successful',
      providerReference: fake.records.get(transferId)!.financialTransactionId,
    });
  });

  it.each([
    ['PAYEE_NOT_FOUND', PAYOUT_FAILURES.notRegistered],
    // Our disbursement account low, or the receiver's account at its limit: MTN does not say which.
    ['NOT_ENOUGH_FUNDS', PAYOUT_FAILURES.fundsOrLimit],
    ['PAYEE_NOT_ALLOWED_TO_RECEIVE', PAYOUT_FAILURES.limitReached],
    ['PAYEE_LIMIT_REACHED', PAYOUT_FAILURES.limitReached],
    ['PAYER_LIMIT_REACHED', PAYOUT_FAILURES.limitReached],
    ['NOT_ALLOWED', PAYOUT_FAILURES.refused],
    ['SOMETHING_NEW', PAYOUT_FAILURES.refused],
  ])('FAILED with %s reads "%s"', async (reason, message) => {
    const provider = mtn();
    const transferId = randomUUID();
    await provider.payout(payoutOf(transferId));
    await fake.complete(transferId, { reason });
    expect(await provider.payoutStatus!({ transferId, amount: 20000, currency: 'UGX' })).toEqual({
      status: 'failed',
      message,
      providerCode: reason,
    });
  });

  it('refused with PAYEE_NOT_FOUND or NOT_ENOUGH_FUNDS: ProviderRefused with the payout message', async () => {
    const provider = mtn();
    fake.refuse('transfer', 'PAYEE_NOT_FOUND');
    fake.refuse('transfer', 'NOT_ENOUGH_FUNDS');
    await expect(provider.payout(payoutOf())).rejects.toThrow(
      new ProviderRefused(PAYOUT_FAILURES.notRegistered, 'PAYEE_NOT_FOUND'),
    );
    await expect(provider.payout(payoutOf())).rejects.toThrow(
      new ProviderRefused(PAYOUT_FAILURES.fundsOrLimit, 'NOT_ENOUGH_FUNDS'),
    );
    expect(fake.records.size).toBe(0);
  });

  it('a reused transfer id is accepted once recorded; no answer at all is accepted too', async () => {
    const provider = mtn({ timeoutMs: 60, retries: 1 });
    const transferId = randomUUID();
    await provider.payout(payoutOf(transferId));
    expect(await provider.payout(payoutOf(transferId))).toEqual({ providerReference: transferId });
    expect(fake.records.size).toBe(1);

    const lost = randomUUID();
    fake.fault('transfer', 'hang', 'hang');
    expect(await provider.payout(payoutOf(lost))).toEqual({ providerReference: lost });
    expect(await provider.payoutStatus!({ transferId: lost, amount: 20000, currency: 'UGX' })).toEqual({ status: 'unknown' });
  });

  it('a collection id is not a transfer: the products keep their own records', async () => {
    const provider = mtn();
    const charge = chargeOf();
    await provider.charge(charge);
    expect(await provider.payoutStatus!({ transferId: charge.collectionId, amount: 20000, currency: 'UGX' })).toEqual({
      status: 'unknown',
    });
  });
});

describe('MTN MoMo: configuration and secrets', () => {
  it('a product that is not configured throws', async () => {
    const noCollection = mtn({ collection: null });
    await expect(noCollection.charge(chargeOf())).rejects.toThrow(/collection/);
    await expect(
      noCollection.paymentStatus!({ collectionId: randomUUID(), transactionId: 'SNTX', amount: 5000, currency: 'UGX' }),
    ).rejects.toThrow(/collection/);
    const noDisbursement = mtn({ disbursement: null });
    await expect(noDisbursement.payout(payoutOf())).rejects.toThrow(/disbursement/);
    await expect(noDisbursement.payoutStatus!({ transferId: randomUUID(), amount: 20000, currency: 'UGX' })).rejects.toThrow(
      /disbursement/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('no error message carries a token, API key, API user or subscription key', async () => {
    const settings = fake.settings({ timeoutMs: 50, retries: 1 });
    const provider = createMtnMomo(settings);
    const errors: Error[] = [];
    const collect = async (promise: Promise<unknown>) => errors.push(await rejection(promise));

    await provider.charge(chargeOf());
    fake.fault('requesttopay', 401, 401);
    await collect(provider.charge(chargeOf()));
    fake.fault('status', 'hang', 'hang');
    await collect(provider.paymentStatus!({ collectionId: randomUUID(), transactionId: 'SNTX', amount: 5000, currency: 'UGX' }));
    fake.fault('status', 'malformed');
    await collect(provider.paymentStatus!({ collectionId: randomUUID(), transactionId: 'SNTX', amount: 5000, currency: 'UGX' }));
    fake.refuse('transfer', 'NOT_ALLOWED');
    await collect(provider.payout(payoutOf()));
    fake.fault('token', 'malformed');
    await collect(createMtnMomo(settings).payout(payoutOf()));
    await collect(createMtnMomo({ ...settings, disbursement: { ...settings.disbursement!, apiKey: 'x' } }).payout(payoutOf()));
    await collect(
      createMtnMomo({ ...settings, collection: { ...settings.collection!, subscriptionKey: 'y' } }).charge(chargeOf()),
    );
    expect(errors).toHaveLength(7);

    const tokens = fake.requests.flatMap((request) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? []);
    expect(tokens.length).toBeGreaterThan(0);
    const secrets = [settings.collection!, settings.disbursement!].flatMap((product) => [
      product.apiKey,
      product.apiUser,
      product.subscriptionKey,
      Buffer.from(`${product.apiUser}:${product.apiKey}`).toString('base64'),
    ]);
    for (const error of errors) {
      for (const secret of [...secrets, ...tokens]) expect(error.message).not.toContain(secret);
    }
  });
});

describe('MTN MoMo: callbacks', () => {
  it('reads our id from MTN’s callback, as the fake sends it', async () => {
    const bodies: unknown[] = [];
    const receiver = await listenLocally(({ method, body }, response) => {
      bodies.push({ method, body });
      response.writeHead(200).end();
    });
    try {
      const callbackUrl = `${receiver.url}/callbacks/mtn`;
      const provider = mtn({ callbackUrl });
      const charge = chargeOf();
      await provider.charge(charge);
      expect(fake.records.get(charge.collectionId)!.callbackUrl).toBe(callbackUrl);
      expect(await fake.complete(charge.collectionId, { reason: 'APPROVAL_REJECTED' }, { callback: true })).toEqual([200, 200]);
      const sent = {
        method: 'PUT',
        body: expect.objectContaining({ externalId: charge.collectionId, status: 'FAILED', reason: 'APPROVAL_REJECTED' }),
      };
      // Sent twice, as MTN may.
      expect(bodies).toEqual([sent, sent]);
      expect(provider.callbackReference!((bodies[0] as { body: unknown }).body)).toBe(charge.collectionId);

      // Without a callback URL there is no callback.
      const quiet = chargeOf();
      await mtn().charge(quiet);
      expect(await fake.complete(quiet.collectionId, 'SUCCESSFUL', { callback: true })).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it.each([
    ['null', null],
    ['a string', 'externalId'],
    ['an array', [{ externalId: 'x' }]],
    ['no externalId', { status: 'SUCCESSFUL' }],
    ['an empty externalId', { externalId: '' }],
    ['a numeric externalId', { externalId: 12 }],
    ['an externalId over 100 characters', { externalId: 'x'.repeat(101) }],
  ])('a body with %s names no reference', (_, body) => {
    expect(mtn().callbackReference!(body)).toBeNull();
  });

  it('takes an externalId of up to 100 characters, whatever status the body claims', () => {
    expect(mtn().callbackReference!({ externalId: 'x'.repeat(100), status: 'SUCCESSFUL' })).toBe('x'.repeat(100));
  });
});
