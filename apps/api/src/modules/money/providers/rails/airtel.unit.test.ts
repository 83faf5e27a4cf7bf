import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAirtel, startFakeAirtel } from '../../../../testing/fake-airtel.ts';
import { type LocalServer, listenLocally } from '../../../../testing/local-server.ts';
import { rejection } from '../../../../testing/rejection.ts';
import { type ChargeRequest, type PaymentProvider, ProviderRefused } from '../provider.ts';
import { createAirtelMoney } from './airtel.ts';
import { ProviderUnreachable } from './http.ts';

let fake: FakeAirtel;
let counter = 0;

beforeAll(async () => {
  fake = await startFakeAirtel();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.tokenTtlSeconds = 180;
  fake.callbackUrl = null;
});

/** Our transaction ids: `SNT` and 12 characters, a new one for each test. */
const transactionId = () => `SNTAIRTEL${String(++counter).padStart(6, '0')}`;
const transferId = () => `8f0c2b1e-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
/** The amount and currency a status subject carries (compared with the answer where the provider reports them). */
const money = { amount: 5000, currency: 'UGX' };

const chargeOf = (overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  collectionId: 'col_1',
  transactionId: transactionId(),
  channel: 'AIRTEL',
  msisdn: '256701234567',
  amount: 5000,
  card: null,
  ...overrides,
});

const payoutOf = (overrides: { amount?: number } = {}) => ({
  transferId: transferId(),
  msisdn: '256751234567',
  amount: overrides.amount ?? 20_000,
  currency: 'UGX' as const,
});

/** A fresh adapter (its own token cache) on the fake, with small timeouts. */
const adapter = (overrides: Parameters<FakeAirtel['settings']>[0] = {}) => createAirtelMoney(fake.settings(overrides));

const requestsTo = (path: string) => fake.requests.filter((request) => request.path === path);

describe('Airtel Money: token', () => {
  it('asks for a token with the client credentials, sends it with the country and currency, and keeps it', async () => {
    const airtel = adapter();
    const before = fake.tokensIssued;
    const charge = chargeOf();
    await airtel.charge(charge);
    await airtel.paymentStatus!({ collectionId: charge.collectionId, transactionId: charge.transactionId, ...money });
    await airtel.paymentStatus!({ collectionId: charge.collectionId, transactionId: charge.transactionId, ...money });
    expect(fake.tokensIssued - before).toBe(1);

    const tokenRequest = fake.requests.findLast((request) => request.path === '/auth/oauth2/token')!;
    expect(tokenRequest.body).toEqual({
      client_id: fake.settings().clientId,
      client_secret: fake.settings().clientSecret,
      grant_type: 'client_credentials',
    });
    const status = fake.requests.at(-1)!;
    expect(status.headers).toMatchObject({ 'x-country': 'UG', 'x-currency': 'UGX' });
    expect(status.headers.authorization).toMatch(/^Bearer .+/);
  });

  it('takes a new token shortly before the old one expires (expires_in as a numeric string)', async () => {
    fake.tokenTtlSeconds = 0.4; // kept 0.2 s
    const airtel = adapter();
    const before = fake.tokensIssued;
    await airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money });
    await airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money });
    expect(fake.tokensIssued - before).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money });
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('a revoked token: the 401 brings one new token and the call is repeated once', async () => {
    const airtel = adapter();
    const charge = chargeOf();
    await airtel.charge(charge);
    const before = fake.tokensIssued;
    fake.revokeTokens();
    const path = `/standard/v1/payments/${charge.transactionId}`;
    expect(await airtel.paymentStatus!({ collectionId: 'c', transactionId: charge.transactionId, ...money })).toEqual({
      status: 'pending',
    });
    expect(fake.tokensIssued - before).toBe(1);
    expect(requestsTo(path)).toHaveLength(2);
  });

  it('a 401 that persists with a new token is an error, not a refusal', async () => {
    const airtel = adapter();
    fake.fault('payment', 401, 401);
    const error = await rejection(airtel.charge(chargeOf()));
    expect(error).not.toBeInstanceOf(ProviderRefused);
    expect(error).not.toBeInstanceOf(ProviderUnreachable);
    expect(error.message).toMatch(/401/);
  });

  it('a malformed token answer is an error; a token endpoint out of reach means the charge was never sent', async () => {
    fake.fault('token', 'malformed');
    const malformed = await rejection(adapter().charge(chargeOf()));
    expect(malformed).not.toBeInstanceOf(ProviderUnreachable);
    expect(malformed.message).toMatch(/token answer was malformed/);

    fake.fault('token', 503, 503, 503);
    const charge = chargeOf();
    expect(await rejection(adapter().charge(charge))).toBeInstanceOf(ProviderUnreachable);
    expect(fake.records.has(charge.transactionId)).toBe(false);
  });

  it('wrong client credentials are an error naming only OAuth’s error', async () => {
    const error = await rejection(adapter({ clientSecret: 'not-the-secret' }).charge(chargeOf()));
    expect(error.message).toBe('Airtel Money: the token request answered 400 (invalid_client)');
  });
});

describe('Airtel Money: collections', () => {
  let airtel: PaymentProvider;
  beforeEach(() => {
    airtel = adapter();
  });

  it('sends the USSD push with our transaction id and the number without 256, then reads TIP and TS', async () => {
    const charge = chargeOf();
    expect(await airtel.charge(charge)).toEqual({ providerReference: charge.transactionId });
    const record = fake.records.get(charge.transactionId)!;
    expect(record.product).toBe('collection');
    expect(record.body).toEqual({
      reference: `Sente${charge.transactionId}`,
      subscriber: { country: 'UG', currency: 'UGX', msisdn: '701234567' },
      transaction: { amount: 5000, country: 'UG', currency: 'UGX', id: charge.transactionId },
    });

    const subject = { collectionId: charge.collectionId, transactionId: charge.transactionId, ...money };
    expect(await airtel.paymentStatus!(subject)).toEqual({ status: 'pending' });
    (record as { status: string }).status = 'TA'; // ambiguous, on Airtel's side: still pending here
    expect(await airtel.paymentStatus!(subject)).toEqual({ status: 'pending' });
    await fake.complete(charge.transactionId, 'TS');
    expect(await airtel.paymentStatus!(subject)).toEqual({ status: 'successful', providerReference: record.airtelMoneyId });
    expect(record.airtelMoneyId).toMatch(/^MP\d{6}\.\d{4}\.L\d{5}$/);
  });

  it.each([
    [{ responseCode: 'DP00800001007', message: 'Not enough balance' }, PAYMENT_MESSAGES.insufficientBalance],
    [{ responseCode: 'DP00800001002', message: 'Incorrect Pin' }, PAYMENT_MESSAGES.wrongPin],
    [{ responseCode: 'DP00800001003', message: 'Withdrawal amount limit exceeded' }, PAYMENT_MESSAGES.limitReached],
    [{ responseCode: 'DP00800001010', message: 'Transaction not permitted to Payee' }, PAYMENT_MESSAGES.notRegistered],
    [{ responseCode: 'DP00800001008', message: 'Refused' }, PAYMENT_MESSAGES.declinedOnPhone],
    [{ responseCode: 'DP00800001024', message: 'Transaction Timed Out' }, PAYMENT_MESSAGES.expired],
    [{ responseCode: 'DP00800001005', message: "User didn't enter the pin" }, PAYMENT_MESSAGES.expired],
    // A generic code: the message names the reason, when it does.
    [{ responseCode: 'DP00800001009', message: 'Insufficient funds in wallet' }, PAYMENT_MESSAGES.insufficientBalance],
    [{ responseCode: 'DP00800001009', message: 'Transaction declined by subscriber' }, PAYMENT_MESSAGES.declinedOnPhone],
    [{ responseCode: 'DP00800001009', message: 'Do not honor' }, PAYMENT_MESSAGES.providerDeclined],
    [{}, PAYMENT_MESSAGES.providerDeclined],
  ])('TF %j: failed, %s', async (reason, message) => {
    const charge = chargeOf();
    await airtel.charge(charge);
    await fake.complete(charge.transactionId, { status: 'TF', ...reason });
    expect(await airtel.paymentStatus!({ collectionId: 'c', transactionId: charge.transactionId, ...money })).toEqual({
      status: 'failed',
      message,
      // Airtel's own code, for the operator's log; the fake's "Do not honor" when the test names none.
      providerCode: 'responseCode' in reason ? reason.responseCode : 'DP00800001009',
    });
  });

  it('TE (the payer never answered): failed, expired', async () => {
    const charge = chargeOf();
    await airtel.charge(charge);
    await fake.complete(charge.transactionId, { status: 'TE' });
    expect(await airtel.paymentStatus!({ collectionId: 'c', transactionId: charge.transactionId, ...money })).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.expired,
      providerCode: 'DP00800001029',
    });
  });

  it('the same transaction id again is Airtel’s duplicate: accepted, and Airtel holds one transaction', async () => {
    const charge = chargeOf();
    await airtel.charge(charge);
    expect(await airtel.charge(charge)).toEqual({ providerReference: charge.transactionId });
    const sent = requestsTo('/merchant/v1/payments/').filter(
      (request) => (request.body as any).transaction.id === charge.transactionId,
    );
    expect(sent).toHaveLength(2);
    expect([...fake.records.values()].filter((record) => record.id === charge.transactionId)).toHaveLength(1);
  });

  it('a 5xx, then success: the retry carries the same transaction id', async () => {
    const charge = chargeOf();
    fake.fault('payment', 503);
    expect(await airtel.charge(charge)).toEqual({ providerReference: charge.transactionId });
    const sent = requestsTo('/merchant/v1/payments/').slice(-2);
    expect(sent.map((request) => (request.body as any).transaction.id)).toEqual([charge.transactionId, charge.transactionId]);
    expect(fake.records.get(charge.transactionId)?.status).toBe('TIP');
  });

  it('no answer to any attempt: accepted, and the enquiry then says unknown (Airtel never took it)', async () => {
    const quick = adapter({ timeoutMs: 80 });
    const charge = chargeOf();
    fake.fault('payment', 'hang', 'hang', 'hang');
    expect(await quick.charge(charge)).toEqual({ providerReference: charge.transactionId });
    expect(fake.records.has(charge.transactionId)).toBe(false);
    expect(await quick.paymentStatus!({ collectionId: 'c', transactionId: charge.transactionId, ...money })).toEqual({
      status: 'unknown',
    });
  });

  it('a refusal of the push itself is ProviderRefused with the payer’s reason', async () => {
    const error = await rejection(airtel.charge(chargeOf({ amount: 0 })));
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(error.message).toBe(PAYMENT_MESSAGES.providerDeclined);
  });

  it('a malformed 2xx to the push is accepted: Airtel may have taken it, and the enquiry decides', async () => {
    fake.fault('payment', 'malformed');
    const request = chargeOf();
    expect(await airtel.charge(request)).toEqual({ providerReference: request.transactionId });
    expect(
      await airtel.paymentStatus!({ collectionId: request.collectionId, transactionId: request.transactionId, ...money }),
    ).toEqual({
      status: 'unknown',
    });
  });

  it('only Airtel numbers of channel AIRTEL', async () => {
    await expect(airtel.charge(chargeOf({ channel: 'MTN_UG' }))).rejects.toThrow(/channel MTN_UG/);
    await expect(airtel.charge(chargeOf({ msisdn: null }))).rejects.toThrow(/not a Ugandan mobile number/);
  });

  it('an enquiry that never answers throws ProviderUnreachable, quickly', async () => {
    const quick = adapter({ timeoutMs: 80 });
    fake.fault('status', 'hang', 'hang', 'hang');
    const started = Date.now();
    const error = await rejection(quick.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money }));
    expect(error).toBeInstanceOf(ProviderUnreachable);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a malformed enquiry answer throws; an id Airtel does not know is unknown', async () => {
    fake.fault('status', 'malformed');
    const error = await rejection(airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money }));
    expect(error).not.toBeInstanceOf(ProviderUnreachable);
    expect(error.message).toMatch(/without a usable answer/);
    expect(await airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money })).toEqual({
      status: 'unknown',
    });
  });
});

describe('Airtel Money: payouts', () => {
  let airtel: PaymentProvider;
  beforeEach(() => {
    airtel = adapter();
  });

  it('sends the B2C disbursement with our transfer id, the encrypted PIN and the number without 256', async () => {
    const payout = payoutOf();
    expect(await airtel.payout(payout)).toEqual({ providerReference: payout.transferId });
    const record = fake.records.get(payout.transferId)!;
    expect(record.product).toBe('disbursement');
    expect(record.body).toEqual({
      payee: { msisdn: '751234567', wallet_type: 'NORMAL' },
      reference: `Sente${payout.transferId.replaceAll('-', '')}`,
      pin: fake.settings().disbursementPin,
      transaction: { amount: 20_000, id: payout.transferId, type: 'B2C' },
    });
    expect(await airtel.payoutStatus!({ transferId: payout.transferId, ...money })).toEqual({ status: 'pending' });
    await fake.complete(payout.transferId, 'TS');
    expect(await airtel.payoutStatus!({ transferId: payout.transferId, ...money })).toEqual({
      status: 'successful',
      providerReference: record.airtelMoneyId,
    });
  });

  it.each([
    [
      { status: 'TF' as const, responseCode: 'DP00900001012', message: 'Mobile number entered is incorrect' },
      PAYOUT_FAILURES.notRegistered,
    ],
    [{ status: 'TF' as const, responseCode: 'DP00900001007', message: 'Not enough funds' }, PAYOUT_FAILURES.floatLow],
    [
      { status: 'TF' as const, responseCode: 'DP00900001003', message: 'Maximum transaction limit reached' },
      PAYOUT_FAILURES.limitReached,
    ],
    [{ status: 'TF' as const, responseCode: 'DP00900001004', message: 'Amount out of range' }, PAYOUT_FAILURES.limitReached],
    [{ status: 'TF' as const, responseCode: 'DP00900001013', message: 'The transaction was refused' }, PAYOUT_FAILURES.refused],
    [
      { status: 'TF' as const, responseCode: 'DP00900001005', message: 'The payee is not registered' },
      PAYOUT_FAILURES.notRegistered,
    ],
    [{ status: 'TF' as const }, PAYOUT_FAILURES.refused],
    [{ status: 'TE' as const }, PAYOUT_FAILURES.refused],
  ])('%j: failed, %s', async (outcome, message) => {
    const payout = payoutOf();
    await airtel.payout(payout);
    await fake.complete(payout.transferId, outcome);
    expect(await airtel.payoutStatus!({ transferId: payout.transferId, ...money })).toEqual({
      status: 'failed',
      message,
      providerCode:
        'responseCode' in outcome ? outcome.responseCode : outcome.status === 'TE' ? 'DP00900001014' : 'DP00900001005',
    });
  });

  it('a duplicate transfer id is accepted; a refusal is ProviderRefused; an unknown one is unknown', async () => {
    const payout = payoutOf();
    await airtel.payout(payout);
    expect(await airtel.payout(payout)).toEqual({ providerReference: payout.transferId });
    const refused = await rejection(airtel.payout(payoutOf({ amount: 0 })));
    expect(refused).toBeInstanceOf(ProviderRefused);
    expect(refused.message).toBe(PAYOUT_FAILURES.limitReached);
    expect(await airtel.payoutStatus!({ transferId: transferId(), ...money })).toEqual({ status: 'unknown' });
  });

  it('no answer to any attempt: accepted, and the enquiry then says unknown', async () => {
    const quick = adapter({ timeoutMs: 80 });
    const payout = payoutOf();
    fake.fault('disbursement', 'hang', 'hang', 'hang');
    expect(await quick.payout(payout)).toEqual({ providerReference: payout.transferId });
    expect(await quick.payoutStatus!({ transferId: payout.transferId, ...money })).toEqual({ status: 'unknown' });
  });

  it('without the disbursement PIN there are no payouts', async () => {
    const before = fake.requests.length;
    await expect(adapter({ disbursementPin: null }).payout(payoutOf())).rejects.toThrow(/disbursement PIN/);
    expect(fake.requests.length).toBe(before);
  });
});

describe('Airtel Money: secrets', () => {
  it('no thrown error names the client secret, a token or the PIN', async () => {
    const settings = fake.settings({ timeoutMs: 80 });
    const errors: Error[] = [];
    const collect = async (promise: Promise<unknown>) => errors.push(await rejection(promise));

    await collect(createAirtelMoney({ ...settings, clientSecret: `${settings.clientSecret}x` }).charge(chargeOf()));
    fake.fault('token', 'malformed');
    await collect(createAirtelMoney(settings).charge(chargeOf()));
    const airtel = createAirtelMoney(settings);
    fake.fault('payment', 401, 401);
    await collect(airtel.charge(chargeOf()));
    fake.fault('disbursement', 401, 401);
    await collect(airtel.payout(payoutOf()));
    await collect(airtel.payout(payoutOf({ amount: 0 })));
    fake.fault('status', 'hang', 'hang', 'hang');
    await collect(airtel.payoutStatus!({ transferId: transferId(), ...money }));
    fake.fault('status', 'malformed');
    await collect(airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money }));
    await collect(createAirtelMoney({ ...settings, disbursementPin: null }).payout(payoutOf()));

    const tokens = fake.requests.flatMap((request) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? []);
    const secrets = [settings.clientSecret, settings.disbursementPin!, ...new Set(tokens)];
    expect(errors).toHaveLength(8);
    expect(tokens.length).toBeGreaterThan(0);
    for (const error of errors) {
      for (const secret of secrets) expect(error.message).not.toContain(secret);
      expect(String(error.stack)).not.toContain(settings.clientSecret);
    }
  });
});

describe('Airtel Money: callbacks', () => {
  let receiver: LocalServer;
  let received: unknown[];
  let url: string;

  beforeAll(async () => {
    received = [];
    receiver = await listenLocally(({ body }, response) => {
      received.push(body);
      response.writeHead(200).end('ok');
    });
    url = `${receiver.url}/api/providers/airtel_money/callback/secret`;
  });

  afterAll(() => receiver.close());

  afterEach(() => {
    received.length = 0;
  });

  it('names our transaction id in Airtel’s callback; anything else is null', async () => {
    const airtel = adapter();
    const charge = chargeOf();
    await airtel.charge(charge);
    expect(await fake.complete(charge.transactionId, 'TS', { callback: true })).toBeNull(); // no callback URL set
    fake.callbackUrl = url;
    expect(await fake.complete(charge.transactionId, { status: 'TF' }, { callback: true })).toBe(200);
    expect(received).toEqual([
      { transaction: { id: charge.transactionId, message: 'Transaction failed', status_code: 'TF', airtel_money_id: null } },
    ]);
    expect(airtel.callbackReference!(received[0])).toBe(charge.transactionId);

    const good = { transaction: { id: 'SNTabcdefghijkl', message: 'Paid', status_code: 'TS', airtel_money_id: 'MP1' } };
    expect(airtel.callbackReference!(good)).toBe('SNTabcdefghijkl');
    for (const bad of [
      null,
      'text',
      [],
      {},
      { transaction: null },
      { transaction: { id: 42 } },
      { transaction: { id: '' } },
      { transaction: { id: 'x'.repeat(101) } },
      { id: 'SNTabcdefghijkl' },
    ]) {
      expect(airtel.callbackReference!(bad)).toBeNull();
    }
  });
});
