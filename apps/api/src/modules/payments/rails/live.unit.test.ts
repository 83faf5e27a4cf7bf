import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { liveProvidersFrom, railsSummary } from './live.ts';

const SECRET = 's'.repeat(43);
const MTN_COLLECTION = {
  MTN_COLLECTION_SUBSCRIPTION_KEY: 'sub',
  MTN_COLLECTION_API_USER: 'user',
  MTN_COLLECTION_API_KEY: 'key',
};

describe('the live rails the settings configure', () => {
  it('has none by default: a live payment or payout is refused', () => {
    expect(liveProvidersFrom(loadConfig({}), SECRET)).toEqual({ collections: {}, payouts: {} });
  });

  it('takes MTN collections with the collection product only, and pays out only with the disbursement product', () => {
    const live = liveProvidersFrom(loadConfig(MTN_COLLECTION), SECRET);
    expect(live.collections.MTN_UG?.name).toBe('mtn_momo');
    expect(live.payouts).toEqual({});
  });

  it('takes Airtel collections with the client credentials, and payouts only with the disbursement PIN too', () => {
    const credentials = { AIRTEL_CLIENT_ID: 'id', AIRTEL_CLIENT_SECRET: 'secret' };
    expect(liveProvidersFrom(loadConfig(credentials), SECRET).payouts).toEqual({});
    const live = liveProvidersFrom(loadConfig({ ...credentials, AIRTEL_DISBURSEMENT_PIN: 'encrypted' }), SECRET);
    expect([live.collections.AIRTEL?.name, live.payouts.AIRTEL?.name]).toEqual(['airtel_money', 'airtel_money']);
  });

  it("gives the operator each provider's callback URL under PUBLIC_URL, with the secret in the path", () => {
    const config = loadConfig({ ...MTN_COLLECTION, PUBLIC_URL: 'https://pay.sente.ug' });
    expect(railsSummary(liveProvidersFrom(config, SECRET), config.PUBLIC_URL, SECRET)).toEqual({
      collections: [{ channel: 'MTN_UG', provider: 'mtn_momo' }],
      payouts: [],
      callbacks: [{ provider: 'mtn_momo', url: `https://pay.sente.ug/api/providers/mtn_momo/callback/${SECRET}` }],
    });
  });
});
