import type { Logger } from 'pino';
import type { Config } from '../../../../config.ts';
import {
  type LiveProviders,
  type PaymentProvider,
  ProviderRefused,
  type ProviderReport,
  ProviderSetupError,
} from '../provider.ts';
import { createAirtelMoney } from './airtel.ts';
import { createMtnMomo, type MtnProduct } from './mtn.ts';

/** Where a provider posts its callbacks: one URL per provider, its secret in the path (docs/providers.md). */
export const callbackPath = (provider: string, secret: string) => `/api/providers/${provider}/callback/${secret}`;

const MTN_SANDBOX = 'https://sandbox.momodeveloper.mtn.com';
const AIRTEL_STAGING = 'https://openapiuat.airtel.africa';

/**
 * The live adapters the settings configure (issue 15): MTN MoMo takes MTN_UG collections when its collection product
 * is set and pays out to MTN numbers when its disbursement product is; Airtel Money takes AIRTEL collections with its
 * client credentials and pays out to Airtel numbers when its disbursement PIN is set too. Nothing set: no live rails,
 * and a live payment is refused with a clear message.
 */
export function liveProvidersFrom(config: Config, callbackSecret: string, logger: Logger): LiveProviders {
  const live: LiveProviders = { collections: {}, payouts: {} };
  const http = {
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    retries: config.PROVIDER_RETRIES,
    retryDelayMs: config.PROVIDER_RETRY_DELAY_MS,
  };
  const product = (subscriptionKey?: string, apiUser?: string, apiKey?: string): MtnProduct | null =>
    subscriptionKey && apiUser && apiKey ? { subscriptionKey, apiUser, apiKey } : null;
  const collection = product(
    config.MTN_COLLECTION_SUBSCRIPTION_KEY,
    config.MTN_COLLECTION_API_USER,
    config.MTN_COLLECTION_API_KEY,
  );
  const disbursement = product(
    config.MTN_DISBURSEMENT_SUBSCRIPTION_KEY,
    config.MTN_DISBURSEMENT_API_USER,
    config.MTN_DISBURSEMENT_API_KEY,
  );
  if (collection || disbursement) {
    const mtn = withCodesLogged(
      logger,
      createMtnMomo({
        baseUrl: (config.MTN_BASE_URL ?? MTN_SANDBOX).replace(/\/+$/, ''),
        targetEnvironment: config.MTN_TARGET_ENVIRONMENT,
        currency: config.MTN_CURRENCY ?? (config.MTN_TARGET_ENVIRONMENT === 'sandbox' ? 'EUR' : 'UGX'),
        callbackUrl: `${config.PUBLIC_URL}${callbackPath('mtn_momo', callbackSecret)}`,
        collection,
        disbursement,
        ...http,
      }),
    );
    if (collection) live.collections.MTN_UG = mtn;
    if (disbursement) live.payouts.MTN_UG = mtn;
  }
  if (config.AIRTEL_CLIENT_ID && config.AIRTEL_CLIENT_SECRET) {
    const airtel = withCodesLogged(
      logger,
      createAirtelMoney({
        baseUrl: (config.AIRTEL_BASE_URL ?? AIRTEL_STAGING).replace(/\/+$/, ''),
        clientId: config.AIRTEL_CLIENT_ID,
        clientSecret: config.AIRTEL_CLIENT_SECRET,
        country: 'UG',
        currency: 'UGX',
        disbursementPin: config.AIRTEL_DISBURSEMENT_PIN ?? null,
        ...http,
      }),
    );
    live.collections.AIRTEL = airtel;
    if (config.AIRTEL_DISBURSEMENT_PIN) live.payouts.AIRTEL = airtel;
  }
  return live;
}

/**
 * The provider's own code of every refusal and failure goes to the log, with our id: people read only the mapped
 * message, which hides a setup mistake (a wrong currency, a callback host MTN does not know) behind "declined".
 */
export function withCodesLogged(logger: Logger, provider: PaymentProvider): PaymentProvider {
  const log = (ids: Record<string, string>, providerCode: string | undefined, message: string) =>
    logger.info({ provider: provider.name, ...ids, providerCode: providerCode ?? null }, `${provider.name}: ${message}`);
  const refused = (ids: Record<string, string>) => (error: unknown) => {
    if (error instanceof ProviderRefused) log(ids, error.providerCode, `refused: ${error.message}`);
    // Our own setup is wrong (decision 040): every request will be refused until the operator fixes it.
    if (error instanceof ProviderSetupError) {
      logger.error(
        { provider: provider.name, ...ids, providerCode: error.providerCode, kind: error.kind },
        `${provider.name}: refused because of our setup with it (${error.providerCode})`,
      );
    }
    throw error;
  };
  const reported = (ids: Record<string, string>) => (report: ProviderReport) => {
    if (report.status === 'failed') log(ids, report.providerCode, `reports failed: ${report.message}`);
    return report;
  };
  return {
    ...provider,
    charge: (request) => provider.charge(request).catch(refused({ collectionId: request.collectionId })),
    payout: (request) => provider.payout(request).catch(refused({ transferId: request.transferId })),
    ...(provider.paymentStatus && {
      paymentStatus: (subject) => provider.paymentStatus!(subject).then(reported({ collectionId: subject.collectionId })),
    }),
    ...(provider.payoutStatus && {
      payoutStatus: (subject) => provider.payoutStatus!(subject).then(reported({ transferId: subject.transferId })),
    }),
  };
}

/** What the operator's `providers:status` shows: which rails are live, and the callback URL each provider is given. */
export function railsSummary(live: LiveProviders, publicUrl: string, callbackSecret: string) {
  const list = (rails: Partial<Record<string, { name: string }>>) =>
    Object.entries(rails).map(([channel, provider]) => ({ channel, provider: provider?.name ?? '' }));
  const names = new Set(
    [...Object.values(live.collections), ...Object.values(live.payouts)].map((provider) => provider?.name ?? ''),
  );
  return {
    collections: list(live.collections),
    payouts: list(live.payouts),
    callbacks: [...names].map((provider) => ({ provider, url: `${publicUrl}${callbackPath(provider, callbackSecret)}` })),
  };
}
