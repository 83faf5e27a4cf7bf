import type { FakeAirtel } from './fake-airtel.ts';
import type { FakeMtn } from './fake-mtn.ts';

/**
 * The settings of an app whose live rails are the fake MTN and Airtel servers: both products of each, the
 * fakes' credentials, and small timeouts so a hanging provider costs a test little.
 */
export function liveRailsEnv(mtn: FakeMtn, airtel: FakeAirtel): Record<string, string> {
  const m = mtn.settings();
  const a = airtel.settings();
  if (!m.collection || !m.disbursement || !a.disbursementPin) throw new Error('the fakes give every credential');
  return {
    MTN_BASE_URL: mtn.url,
    MTN_TARGET_ENVIRONMENT: m.targetEnvironment,
    MTN_CURRENCY: 'UGX',
    MTN_COLLECTION_SUBSCRIPTION_KEY: m.collection.subscriptionKey,
    MTN_COLLECTION_API_USER: m.collection.apiUser,
    MTN_COLLECTION_API_KEY: m.collection.apiKey,
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: m.disbursement.subscriptionKey,
    MTN_DISBURSEMENT_API_USER: m.disbursement.apiUser,
    MTN_DISBURSEMENT_API_KEY: m.disbursement.apiKey,
    AIRTEL_BASE_URL: airtel.url,
    AIRTEL_CLIENT_ID: a.clientId,
    AIRTEL_CLIENT_SECRET: a.clientSecret,
    AIRTEL_DISBURSEMENT_PIN: a.disbursementPin,
    PROVIDER_TIMEOUT_MS: '400',
    PROVIDER_RETRIES: '1',
    PROVIDER_RETRY_DELAY_MS: '5',
  };
}
