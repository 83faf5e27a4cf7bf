import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.ts';
import type { Services } from '../../../../services.ts';
import { type FakeAirtel, startFakeAirtel } from '../../../../testing/fake-airtel.ts';
import { type FakeMtn, startFakeMtn } from '../../../../testing/fake-mtn.ts';
import { liveRailsEnv } from '../../../../testing/live-rails-env.ts';
import { runOpsCommand } from '../../../ops/commands.ts';
import { ProviderRefused } from '../provider.ts';
import { checkRails, liveProvidersFrom, railsSummary } from './live.ts';

const SECRET = 's'.repeat(43);
const silent = pino({ level: 'silent' });
const MTN_COLLECTION = {
  MTN_COLLECTION_SUBSCRIPTION_KEY: 'sub',
  MTN_COLLECTION_API_USER: 'user',
  MTN_COLLECTION_API_KEY: 'key',
};

describe('the live rails the settings configure', () => {
  it('has none by default: a live payment or payout is refused', () => {
    expect(liveProvidersFrom(loadConfig({}), SECRET, silent)).toEqual({ collections: {}, payouts: {} });
  });

  it('takes MTN collections with the collection product only, and pays out only with the disbursement product', () => {
    const live = liveProvidersFrom(loadConfig(MTN_COLLECTION), SECRET, silent);
    expect(live.collections.MTN_UG?.name).toBe('mtn_momo');
    expect(live.payouts).toEqual({});
  });

  it('takes Airtel collections with the client credentials, and payouts only with the disbursement PIN too', () => {
    const credentials = { AIRTEL_CLIENT_ID: 'id', AIRTEL_CLIENT_SECRET: 'secret' };
    expect(liveProvidersFrom(loadConfig(credentials), SECRET, silent).payouts).toEqual({});
    const live = liveProvidersFrom(loadConfig({ ...credentials, AIRTEL_DISBURSEMENT_PIN: 'encrypted' }), SECRET, silent);
    expect([live.collections.AIRTEL?.name, live.payouts.AIRTEL?.name]).toEqual(['airtel_money', 'airtel_money']);
  });

  it("gives the operator each provider's callback URL under PUBLIC_URL, with the secret in the path", () => {
    const config = loadConfig({ ...MTN_COLLECTION, PUBLIC_URL: 'https://pay.sente.ug' });
    expect(railsSummary(liveProvidersFrom(config, SECRET, silent), config.PUBLIC_URL, SECRET)).toEqual({
      collections: [{ channel: 'MTN_UG', provider: 'mtn_momo' }],
      payouts: [],
      callbacks: [{ provider: 'mtn_momo', url: `https://pay.sente.ug/api/providers/mtn_momo/callback/${SECRET}` }],
    });
  });

  it("logs the provider's own code of each refusal and failure with our id, and no number or credential", async () => {
    const fake = await startFakeMtn();
    try {
      const settings = fake.settings();
      const lines: Array<Record<string, unknown>> = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
      const config = loadConfig({
        MTN_BASE_URL: fake.url,
        MTN_TARGET_ENVIRONMENT: settings.targetEnvironment,
        MTN_COLLECTION_SUBSCRIPTION_KEY: settings.collection!.subscriptionKey,
        MTN_COLLECTION_API_USER: settings.collection!.apiUser,
        MTN_COLLECTION_API_KEY: settings.collection!.apiKey,
        MTN_DISBURSEMENT_SUBSCRIPTION_KEY: settings.disbursement!.subscriptionKey,
        MTN_DISBURSEMENT_API_USER: settings.disbursement!.apiUser,
        MTN_DISBURSEMENT_API_KEY: settings.disbursement!.apiKey,
      });
      const mtn = liveProvidersFrom(config, SECRET, logger).collections.MTN_UG!;
      const charge = {
        transactionId: 'SNTABCDEF123456',
        merchantName: 'Kampala Books',
        channel: 'MTN_UG' as const,
        msisdn: '256772123456',
        card: null,
      };

      const refused = randomUUID();
      fake.refuse('requesttopay', 'PAYER_NOT_FOUND');
      await expect(mtn.charge({ ...charge, collectionId: refused, amount: 5000 })).rejects.toThrow(
        new ProviderRefused(PAYMENT_MESSAGES.notRegistered, 'PAYER_NOT_FOUND'),
      );
      const failed = randomUUID();
      await mtn.charge({ ...charge, collectionId: failed, amount: 5000 });
      await fake.complete(failed, { reason: 'NOT_ENOUGH_FUNDS' });
      expect(
        await mtn.paymentStatus!({ collectionId: failed, transactionId: charge.transactionId, amount: 5000, currency: 'UGX' }),
      ).toMatchObject({
        status: 'failed',
        message: PAYMENT_MESSAGES.insufficientBalance,
      });
      const payout = randomUUID();
      await mtn.payout({ transferId: payout, msisdn: '256772123456', amount: 20000, currency: 'UGX' });
      await fake.complete(payout, { reason: 'PAYEE_NOT_FOUND' });
      await mtn.payoutStatus!({ transferId: payout, amount: 20000, currency: 'UGX' });

      expect(
        lines.map(({ provider, collectionId, transferId, providerCode, msg }) => ({
          provider,
          collectionId,
          transferId,
          providerCode,
          msg,
        })),
      ).toEqual([
        {
          provider: 'mtn_momo',
          collectionId: refused,
          transferId: undefined,
          providerCode: 'PAYER_NOT_FOUND',
          msg: `mtn_momo: refused: ${PAYMENT_MESSAGES.notRegistered}`,
        },
        {
          provider: 'mtn_momo',
          collectionId: failed,
          transferId: undefined,
          providerCode: 'NOT_ENOUGH_FUNDS',
          msg: `mtn_momo: reports failed: ${PAYMENT_MESSAGES.insufficientBalance}`,
        },
        {
          provider: 'mtn_momo',
          collectionId: undefined,
          transferId: payout,
          providerCode: 'PAYEE_NOT_FOUND',
          msg: `mtn_momo: reports failed: ${PAYOUT_FAILURES.notRegistered}`,
        },
      ]);
      // A refusal because of our own setup (MTN's 500 with a code, decision 040) is logged at error with its code.
      const earlier = lines.length;
      const misconfigured = randomUUID();
      fake.fault('requesttopay', { code: 'INVALID_CALLBACK_URL_HOST' });
      await expect(mtn.charge({ ...charge, collectionId: misconfigured, amount: 5000 })).rejects.toMatchObject({ kind: 'setup' });
      expect(lines.slice(earlier)).toEqual([
        expect.objectContaining({
          level: 50,
          provider: 'mtn_momo',
          collectionId: misconfigured,
          providerCode: 'INVALID_CALLBACK_URL_HOST',
          msg: 'mtn_momo: refused because of our setup with it (INVALID_CALLBACK_URL_HOST)',
        }),
      ]);
      const text = JSON.stringify(lines);
      for (const secret of ['256772123456', '772123456', settings.collection!.apiKey, settings.disbursement!.apiKey]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await fake.close();
    }
  });
});

describe('Airtel answers accepted with a code', () => {
  it('are logged at warn with our id and Airtel’s code, and no number or credential', async () => {
    const fake = await startFakeAirtel();
    try {
      const lines: Array<Record<string, unknown>> = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
      const settings = fake.settings();
      const config = loadConfig({
        AIRTEL_BASE_URL: fake.url,
        AIRTEL_CLIENT_ID: settings.clientId,
        AIRTEL_CLIENT_SECRET: settings.clientSecret,
        AIRTEL_DISBURSEMENT_PIN: settings.disbursementPin!,
      });
      const airtel = liveProvidersFrom(config, SECRET, logger).payouts.AIRTEL!;
      const transferId = randomUUID();
      const payout = { transferId, msisdn: '256751234567', amount: 20_000, currency: 'UGX' as const };
      await airtel.payout(payout);
      expect(lines).toEqual([]);
      expect(await airtel.payout(payout)).toEqual({ providerReference: transferId, providerCode: 'DP00900001011' });
      expect(
        lines.map(({ level, provider, transferId, providerCode, msg }) => ({ level, provider, transferId, providerCode, msg })),
      ).toEqual([
        {
          level: 40,
          provider: 'airtel_money',
          transferId,
          providerCode: 'DP00900001011',
          msg: 'airtel_money: accepted with code DP00900001011; the status check decides',
        },
      ]);
      const text = JSON.stringify(lines);
      for (const secret of ['256751234567', '751234567', settings.clientSecret, settings.disbursementPin!]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await fake.close();
    }
  });
});

describe('providers:status --check', () => {
  let mtn: FakeMtn;
  let airtel: FakeAirtel;
  beforeAll(async () => {
    [mtn, airtel] = await Promise.all([startFakeMtn(), startFakeAirtel()]);
  });
  afterAll(() => Promise.all([mtn.close(), airtel.close()]));

  /** The ops command on the rails these settings configure, as the server or `npm run ops` runs it. */
  function opsOn(env: Record<string, string>) {
    const config = loadConfig(env);
    const live = liveProvidersFrom(config, SECRET, silent);
    const rails = { summary: () => railsSummary(live, config.PUBLIC_URL, SECRET), check: () => checkRails(live) };
    return { live, run: () => runOpsCommand({ rails } as unknown as Services, 'providers:status', ['--check']) };
  }

  it('asks each configured provider for a token: ok for both, one line each', async () => {
    const mtnTokens = () => mtn.requests.filter((request) => request.path.endsWith('/token/')).length;
    const [mtnBefore, airtelBefore] = [mtnTokens(), airtel.tokensIssued];
    const result = await opsOn(liveRailsEnv(mtn, airtel)).run();
    expect(result.ok).toBe(true);
    expect(result.message.split('\n').filter((line) => line.startsWith('check '))).toEqual([
      'check mtn_momo: ok: a token was granted',
      'check airtel_money: ok: a token was granted',
    ]);
    // MTN: one token for each product configured (collection and disbursement); Airtel: one.
    expect(mtnTokens() - mtnBefore).toBe(2);
    expect(airtel.tokensIssued - airtelBefore).toBe(1);
  });

  it('fails (the command exits 1) when a provider refuses the credentials, naming what failed and no secret', async () => {
    const env: Record<string, string> = { ...liveRailsEnv(mtn, airtel), AIRTEL_CLIENT_SECRET: 'not-the-airtel-secret' };
    const result = await opsOn(env).run();
    expect(result.ok).toBe(false);
    expect(result.message.split('\n').filter((line) => line.startsWith('check '))).toEqual([
      'check mtn_momo: ok: a token was granted',
      'check airtel_money: FAILED: Airtel Money: the token request answered 400 (invalid_client)',
    ]);
    for (const secret of ['not-the-airtel-secret', String(env.MTN_COLLECTION_API_KEY), String(env.MTN_DISBURSEMENT_API_KEY)]) {
      expect(result.message).not.toContain(secret);
      expect(JSON.stringify(result.data)).not.toContain(secret);
    }
  });

  it('an MTN product with a wrong key fails too, and the one that works is still reported', async () => {
    const env = { ...liveRailsEnv(mtn, airtel), MTN_DISBURSEMENT_API_KEY: 'not-the-mtn-key' };
    const result = await opsOn(env).run();
    expect(result.ok).toBe(false);
    const lines = result.message.split('\n').filter((line) => line.startsWith('check '));
    expect(lines[0]).toMatch(/^check mtn_momo: FAILED: MTN MoMo disbursement token: answered 401/);
    expect(lines[1]).toBe('check airtel_money: ok: a token was granted');
    expect(result.message).not.toContain('not-the-mtn-key');
  });

  it('without live providers there is nothing to ask, and without --check nothing is asked', async () => {
    const none = await opsOn({}).run();
    expect(none).toMatchObject({ ok: true });
    expect(none.message).toContain('check: no live provider is configured');
    const before = airtel.tokensIssued;
    const { live } = opsOn(liveRailsEnv(mtn, airtel));
    const rails = { summary: () => railsSummary(live, 'https://pay.sente.ug', SECRET), check: () => checkRails(live) };
    const plain = await runOpsCommand({ rails } as unknown as Services, 'providers:status', []);
    expect(plain.message).not.toContain('check ');
    expect(airtel.tokensIssued).toBe(before);
    expect(await runOpsCommand({ rails } as unknown as Services, 'providers:status', ['--chek'])).toMatchObject({ ok: false });
  });
});
