import type { Logger } from 'pino';
import type { Config } from '../../../../config.ts';
import {
  type ChargeAccepted,
  type LiveProviders,
  type PaymentProvider,
  ProviderRefused,
  type ProviderReport,
  ProviderSetupError,
} from '../provider.ts';
import { createAirtelMoney } from './airtel.ts';
import { createMtnMomo, type MtnProduct } from './mtn.ts';

/** Where a provider posts its callbacks: one URL per provider, its secret in the path (docs/providers.md). */
const callbackPath = (provider: string, secret: string) => `/api/providers/${provider}/callback/${secret}`;

const MTN_SANDBOX = 'https://sandbox.momodeveloper.mtn.com';
const AIRTEL_STAGING = 'https://openapiuat.airtel.africa';

/**
 * The live adapters the settings configure (decision 032): MTN MoMo takes MTN_UG collections when its collection product
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
 * message, which hides a setup mistake (a wrong currency, a callback host MTN does not know) behind "declined". A
 * request accepted although the provider answered with a code (a duplicate, an ambiguous or unknown code, an answer
 * that could not be read) is logged at warn: the status check decides it, and the code says why it was asked.
 */
function withCodesLogged(logger: Logger, provider: PaymentProvider): PaymentProvider {
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
  const accepted = (ids: Record<string, string>) => (acceptance: ChargeAccepted) => {
    if (acceptance.providerCode) {
      logger.warn(
        { provider: provider.name, ...ids, providerCode: acceptance.providerCode },
        `${provider.name}: accepted with code ${acceptance.providerCode}; the status check decides`,
      );
    }
    return acceptance;
  };
  const reported = (ids: Record<string, string>) => (report: ProviderReport) => {
    if (report.status === 'failed') log(ids, report.providerCode, `reports failed: ${report.message}`);
    return report;
  };
  return {
    ...provider,
    charge: (request) => {
      const ids = { collectionId: request.collectionId };
      return provider.charge(request).then(accepted(ids), refused(ids));
    },
    payout: (request) => {
      const ids = { transferId: request.transferId };
      return provider.payout(request).then(accepted(ids), refused(ids));
    },
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

/** One provider's answer to `providers:status --check`: whether it gave a token, and if not, what failed. */
export type RailCheck = { provider: string; ok: boolean; detail: string };

/**
 * `providers:status --check`: each configured live provider is asked for a new token with its credentials,
 * all at once, so a wrong key shows before the first payer does. The detail is the adapter's error, which names the
 * call and the provider's answer, never a credential.
 */
export async function checkRails(live: LiveProviders): Promise<RailCheck[]> {
  const providers = new Map<string, PaymentProvider>();
  for (const provider of [...Object.values(live.collections), ...Object.values(live.payouts)]) {
    if (provider) providers.set(provider.name, provider);
  }
  return Promise.all(
    [...providers.values()].map(async (provider): Promise<RailCheck> => {
      if (!provider.checkCredentials) return { provider: provider.name, ok: true, detail: 'it has no credentials to check' };
      try {
        await provider.checkCredentials();
        return { provider: provider.name, ok: true, detail: 'a token was granted' };
      } catch (error) {
        return { provider: provider.name, ok: false, detail: error instanceof Error ? error.message : 'the check failed' };
      }
    }),
  );
}
