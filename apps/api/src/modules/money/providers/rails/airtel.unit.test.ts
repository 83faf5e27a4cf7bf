import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AIRTEL_ANSWERS, type AirtelAnswer } from '../../../../testing/airtel-answers.ts';
import { type AirtelFault, type FakeAirtel, startFakeAirtel } from '../../../../testing/fake-airtel.ts';
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
  merchantName: 'Kampala Books',
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
    // A patient adapter: on a starved machine a 300 ms timeout retried the token request, which counted a second token.
    const airtel = adapter({ timeoutMs: 5_000 });
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

  it('an expired token: Airtel’s 403 invalid_token brings one new token and the call is repeated once', async () => {
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

  it.each([401, 403] as const)('a %i invalid_token once: a new token, and the request goes through', async (status) => {
    const airtel = adapter();
    await airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money });
    const before = fake.tokensIssued;
    fake.fault('disbursement', status);
    const payout = payoutOf();
    expect(await airtel.payout(payout)).toEqual({ providerReference: payout.transferId });
    expect(fake.tokensIssued - before).toBe(1);
    expect(fake.records.get(payout.transferId)?.status).toBe('TIP');
  });

  it.each([401, 403] as const)('a %i invalid_token that persists with a new token is an error, not a refusal', async (status) => {
    const airtel = adapter();
    fake.fault('payment', status, status);
    const error = await rejection(airtel.charge(chargeOf()));
    expect(error).not.toBeInstanceOf(ProviderRefused);
    expect(error).not.toBeInstanceOf(ProviderUnreachable);
    expect(error.message).toMatch(new RegExp(`answered ${status} with a new token`));
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
    expect(await airtel.charge(charge)).toEqual({ providerReference: charge.transactionId, providerCode: 'ESB000041' });
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
    expect(await airtel.charge(request)).toEqual({ providerReference: request.transactionId, providerCode: 'http_200' });
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
    // The receiving wallet's limit, even where the message also says "not enough": not our float.
    [
      { status: 'TF' as const, responseCode: 'DP00900001005', message: 'Payee has reached the maximum balance limit' },
      PAYOUT_FAILURES.limitReached,
    ],
    [
      { status: 'TF' as const, responseCode: 'DP00900001005', message: 'Not enough room: receiver wallet limit exceeded' },
      PAYOUT_FAILURES.limitReached,
    ],
    [{ status: 'TF' as const, responseCode: 'DP00900001005', message: 'Insufficient funds' }, PAYOUT_FAILURES.floatLow],
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
    expect(await airtel.payout(payout)).toEqual({ providerReference: payout.transferId, providerCode: 'DP00900001011' });
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

describe('Airtel Money: answers that are not refusals (decision 043)', () => {
  it('a payout whose first answer is lost is sent again and answered DP00900001011: accepted, one transaction', async () => {
    const airtel = adapter();
    const payout = payoutOf();
    fake.fault('disbursement', 'record-then-hang');
    expect(await airtel.payout(payout)).toEqual({ providerReference: payout.transferId, providerCode: 'DP00900001011' });
    const sent = requestsTo('/standard/v1/disbursements/').filter((r) => (r.body as any).transaction.id === payout.transferId);
    expect(sent).toHaveLength(2);
    expect(fake.records.get(payout.transferId)?.status).toBe('TIP');
    await fake.complete(payout.transferId, 'TS');
    expect(await airtel.payoutStatus!({ transferId: payout.transferId, ...money })).toMatchObject({ status: 'successful' });
  });

  it.each([
    // Duplicates: our earlier attempt got through.
    'DP00900001011',
    'DP00900001017',
    'ESB000041',
    // Ambiguous, as documented.
    'DP00900001000',
    'DP00900001006',
    'DP00900001014',
    'ESB000001',
    'ESB000004',
    'ESB000014',
    '0000900',
    // Not documented: never a refusal.
    'DP00900001099',
    'DP00900001015',
    'ESB000010',
    '521050',
    'ROUTER110',
    'ROUTER117',
    'ROUTER999',
  ])('a payout answered %s is accepted with that code, for the warn log and the enquiry', async (code) => {
    const payout = payoutOf();
    fake.fault('disbursement', { code, message: 'Transaction with similar information already exists' });
    expect(await adapter().payout(payout)).toEqual({ providerReference: payout.transferId, providerCode: code });
  });

  it.each(['ESB000041', 'DP00800001000', 'DP00800001006', 'DP00800001024', 'DP00800001025', 'DP00800001099', 'ROUTER117'])(
    'a collection answered %s is accepted with that code',
    async (code) => {
      const charge = chargeOf();
      fake.fault('payment', { code });
      expect(await adapter().charge(charge)).toEqual({ providerReference: charge.transactionId, providerCode: code });
    },
  );

  it.each([
    ['DP00800001002', PAYMENT_MESSAGES.wrongPin],
    ['DP00800001003', PAYMENT_MESSAGES.limitReached],
    ['DP00800001004', PAYMENT_MESSAGES.providerDeclined],
    ['DP00800001005', PAYMENT_MESSAGES.expired],
    ['DP00800001007', PAYMENT_MESSAGES.insufficientBalance],
    ['DP00800001008', PAYMENT_MESSAGES.declinedOnPhone],
    ['DP00800001009', PAYMENT_MESSAGES.providerDeclined],
    ['DP00800001010', PAYMENT_MESSAGES.notRegistered],
    ['DP00800001026', PAYMENT_MESSAGES.providerDeclined],
    ['DP00800001029', PAYMENT_MESSAGES.expired],
    ['ESB000008', PAYMENT_MESSAGES.providerDeclined],
    ['ESB000033', PAYMENT_MESSAGES.notRegistered],
    ['ESB000036', PAYMENT_MESSAGES.notRegistered],
    ['ROUTER112', PAYMENT_MESSAGES.providerDeclined],
    ['ROUTER003', PAYMENT_MESSAGES.providerDeclined],
  ])('a collection answered the documented refusal %s is refused: %s', async (code, message) => {
    fake.fault('payment', { code });
    const error = await rejection(adapter().charge(chargeOf()));
    expect(error).toEqual(new ProviderRefused(message, code));
    expect((error as ProviderRefused).providerCode).toBe(code);
  });

  it.each([
    ['DP00900001003', PAYOUT_FAILURES.limitReached],
    ['DP00900001004', PAYOUT_FAILURES.limitReached],
    ['DP00900001005', PAYOUT_FAILURES.refused],
    ['DP00900001007', PAYOUT_FAILURES.floatLow],
    ['DP00900001009', PAYOUT_FAILURES.refused],
    ['DP00900001010', PAYOUT_FAILURES.refused],
    ['DP00900001012', PAYOUT_FAILURES.notRegistered],
    ['DP00900001013', PAYOUT_FAILURES.refused],
    ['DP00900001016', PAYOUT_FAILURES.refused],
    ['ESB000011', PAYOUT_FAILURES.refused],
    ['ESB000036', PAYOUT_FAILURES.notRegistered],
    ['ROUTER001', PAYOUT_FAILURES.refused],
    ['ROUTER115', PAYOUT_FAILURES.refused],
    ['ROUTER116', PAYOUT_FAILURES.refused],
    ['ROUTER119', PAYOUT_FAILURES.refused],
  ])('a payout answered the documented refusal %s is refused: %s', async (code, message) => {
    const payout = payoutOf();
    fake.fault('disbursement', { code });
    const error = await rejection(adapter().payout(payout));
    expect(error).toEqual(new ProviderRefused(message, code));
    expect((error as ProviderRefused).providerCode).toBe(code);
  });

  it('a wrong disbursement PIN: the gateway’s bare ROUTER116 is a refusal, and nothing was recorded', async () => {
    const payout = payoutOf();
    const error = await rejection(adapter({ disbursementPin: 'bm90LXRoZS1waW4=' }).payout(payout));
    expect(error).toBeInstanceOf(ProviderRefused);
    expect([error.message, (error as ProviderRefused).providerCode]).toEqual([PAYOUT_FAILURES.refused, 'ROUTER116']);
    expect(fake.records.has(payout.transferId)).toBe(false);
  });
});

/** A server answering the token with Airtel's token fixture and every other request with the next queued answer. */
async function answering(...answers: AirtelAnswer[]) {
  const queue = [...answers];
  const seen: string[] = [];
  const server = await listenLocally(({ method, url }, response) => {
    seen.push(`${method} ${url}`);
    const answer = url.startsWith('/auth/oauth2/token') ? AIRTEL_ANSWERS.token : queue.shift();
    if (!answer) return void response.writeHead(500).end();
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  const airtel = createAirtelMoney({ ...fake.settings({ timeoutMs: 300, retries: 0 }), baseUrl: server.url });
  return { airtel, seen, close: server.close };
}

const raw = (status: number, body: string): AirtelAnswer => ({ source: 'a test', status, body });

describe('Airtel Money: the answers Airtel really gives (testing/airtel-answers.ts)', () => {
  const A = AIRTEL_ANSWERS;

  it.each([
    ['collectionSent', 'charge', A.collectionSent, undefined],
    ['disbursementPaid', 'payout', A.disbursementPaid, undefined],
    ['disbursementDuplicate', 'payout', A.disbursementDuplicate, 'DP00900001011'],
    ['gatewayPartnerNotFound', 'payout', A.gatewayPartnerNotFound, 'ROUTER110'],
    ['gatewayTimeout', 'charge', A.gatewayTimeout, 'ROUTER117'],
  ] as const)('%s: accepted', async (_name, kind, answer, providerCode) => {
    const { airtel, close } = await answering(answer);
    try {
      const accepted = kind === 'charge' ? await airtel.charge(chargeOf()) : await airtel.payout(payoutOf());
      expect(accepted.providerCode).toBe(providerCode);
    } finally {
      await close();
    }
  });

  it.each([
    ['disbursementRefusedNumber', 'payout', A.disbursementRefusedNumber, PAYOUT_FAILURES.notRegistered, 'DP00900001013'],
    ['disbursementRefusedAmount', 'payout', A.disbursementRefusedAmount, PAYOUT_FAILURES.limitReached, 'DP00900001004'],
    ['gatewayWrongPinEncryption', 'payout', A.gatewayWrongPinEncryption, PAYOUT_FAILURES.refused, 'ROUTER116'],
    ['gatewayInvalidCurrency', 'charge', A.gatewayInvalidCurrency, PAYMENT_MESSAGES.providerDeclined, 'ROUTER112'],
  ] as const)('%s: refused, with the mapped reason and Airtel’s code', async (_name, kind, answer, message, code) => {
    const { airtel, close } = await answering(answer);
    try {
      const error = await rejection(kind === 'charge' ? airtel.charge(chargeOf()) : airtel.payout(payoutOf()));
      expect(error).toEqual(new ProviderRefused(message, code));
      expect((error as ProviderRefused).providerCode).toBe(code);
    } finally {
      await close();
    }
  });

  it.each([
    ['collectionEnquirySuccessful', 'collection', A.collectionEnquirySuccessful, '133410367531'],
    [
      'disbursementEnquirySuccessful',
      'disbursement',
      A.disbursementEnquirySuccessful,
      'disburs-6EJL6CWF1D-ba1451ae-d96a-4393-b46c-b2a26cff71a3',
    ],
  ] as const)('%s: successful, Airtel’s id the provider reference', async (_name, product, answer, reference) => {
    const { airtel, close } = await answering(answer);
    try {
      const report =
        product === 'collection'
          ? await airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money })
          : await airtel.payoutStatus!({ transferId: transferId(), ...money });
      expect(report).toEqual({ status: 'successful', providerReference: reference });
    } finally {
      await close();
    }
  });

  it('invalidToken (403): the token is renewed once and the request repeated', async () => {
    const { airtel, seen, close } = await answering(A.invalidToken, A.disbursementPaid);
    try {
      expect((await airtel.payout(payoutOf())).providerCode).toBeUndefined();
      expect(seen.filter((line) => line.startsWith('POST /auth/oauth2/token'))).toHaveLength(2);
      expect(seen.filter((line) => line.startsWith('POST /standard/v1/disbursements'))).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it('tokenRefused: the token request’s error names only OAuth’s error', async () => {
    const server = await listenLocally((_seen, response) => {
      response.writeHead(A.tokenRefused.status, { 'content-type': 'application/json' }).end(JSON.stringify(A.tokenRefused.body));
    });
    try {
      const airtel = createAirtelMoney({ ...fake.settings(), baseUrl: server.url });
      await expect(airtel.checkCredentials!()).rejects.toThrow('Airtel Money: the token request answered 400 (invalid_client)');
    } finally {
      await server.close();
    }
  });

  it.each([
    ['an HTML error page', raw(400, '<html><body>Bad Request</body></html>'), 'http_400'],
    ['a JSON array', raw(400, '[]'), 'http_400'],
    ['a status that is a string', raw(400, '{"status":"FAILED"}'), 'http_400'],
    ['a status code that is a number', raw(400, '{"status_code":116,"status_message":"x"}'), 'http_400'],
    ['codes that are objects', raw(200, '{"status":{"success":false,"response_code":{},"result_code":[1]}}'), 'http_200'],
    ['an empty 200', raw(200, ''), 'http_200'],
    ['a 404 from a wrong path', raw(404, '{"error":"Not Found"}'), 'http_404'],
    ['success false without a code', raw(200, '{"status":{"success":false,"message":"Refused"}}'), 'http_200'],
  ])('%s after the request was sent: accepted, never a refusal or a crash', async (_what, answer, providerCode) => {
    const { airtel, close } = await answering(answer);
    try {
      const payout = payoutOf();
      expect(await airtel.payout(payout)).toEqual({ providerReference: payout.transferId, providerCode });
    } finally {
      await close();
    }
  });

  it('a refusal code beside a duplicate one: the duplicate wins, and the enquiry decides', async () => {
    const { airtel, close } = await answering(
      raw(200, '{"status":{"success":false,"response_code":"DP00900001013","result_code":"ESB000041","code":"400"}}'),
    );
    try {
      expect(await airtel.payout(payoutOf())).toMatchObject({ providerCode: 'ESB000041' });
    } finally {
      await close();
    }
  });

  it.each([
    ['the gateway’s bare body', A.gatewayTimeout],
    ['the push’s own answer (no transaction status Airtel documents)', A.collectionSent],
    ['garbage', raw(200, '{"data":{"transaction":{"status":42}},"status":{}}')],
  ])('an enquiry answered with %s throws (asked again later), never unknown', async (_what, answer) => {
    const { airtel, close } = await answering(answer);
    try {
      const error = await rejection(airtel.paymentStatus!({ collectionId: 'c', transactionId: transactionId(), ...money }));
      expect(error).not.toBeInstanceOf(ProviderRefused);
      expect(error.message).toMatch(/without a usable answer/);
    } finally {
      await close();
    }
  });
});

describe('fake Airtel behaves as Airtel does', () => {
  async function tokenFor(): Promise<string> {
    const settings = fake.settings();
    const res = await fetch(`${fake.url}/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }
  const disburse = async (token: string, body: unknown) => {
    const res = await fetch(`${fake.url}/standard/v1/disbursements/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-country': 'UG', 'x-currency': 'UGX' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** What a v1 client sends (121-platform's AirtelDisbursementV1PayloadDto): no wallet_type, no transaction type. */
  const v1Body = (id: string) => ({
    payee: { msisdn: '751234567' },
    reference: 'Sente1234',
    pin: fake.settings().disbursementPin,
    transaction: { amount: 1000, id },
  });

  it('takes a v1 disbursement body, and answers the same id again with DP00900001011', async () => {
    const token = await tokenFor();
    const id = transferId();
    expect((await disburse(token, v1Body(id))).body.status).toMatchObject({ success: true });
    expect(fake.records.get(id)?.status).toBe('TIP');
    expect(await disburse(token, v1Body(id))).toEqual({ status: 200, body: AIRTEL_ANSWERS.disbursementDuplicate.body });
  });

  it('answers an unknown or expired token 403 invalid_token, and a wrong PIN with a bare ROUTER116', async () => {
    expect(await disburse('not-a-token', v1Body(transferId()))).toEqual({
      status: AIRTEL_ANSWERS.invalidToken.status,
      body: AIRTEL_ANSWERS.invalidToken.body,
    });
    const wrongPin = await disburse(await tokenFor(), { ...v1Body(transferId()), pin: 'bm90LXRoZS1waW4=' });
    expect(wrongPin).toEqual({ status: 400, body: { status_code: 'ROUTER116', status_message: 'Incorrect Encrypted Pin' } });
  });

  it('a { code } fault answers a ROUTER code bare and any other in the envelope', async () => {
    const token = await tokenFor();
    const faults: AirtelFault[] = [{ code: 'ROUTER112', message: 'Invalid Currency' }, { code: 'DP00900001013' }];
    fake.fault('disbursement', ...faults);
    expect(await disburse(token, v1Body(transferId()))).toEqual({
      status: 400,
      body: { status_code: 'ROUTER112', status_message: 'Invalid Currency' },
    });
    expect((await disburse(token, v1Body(transferId()))).body).toMatchObject({
      status: { response_code: 'DP00900001013', success: false },
    });
  });
});
