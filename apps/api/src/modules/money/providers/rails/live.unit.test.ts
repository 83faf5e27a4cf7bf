import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.ts';
import { startFakeMtn } from '../../../../testing/fake-mtn.ts';
import { ProviderRefused } from '../provider.ts';
import { liveProvidersFrom, railsSummary } from './live.ts';

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
      const charge = { transactionId: 'SNTABCDEF123456', channel: 'MTN_UG' as const, msisdn: '256772123456', card: null };

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
