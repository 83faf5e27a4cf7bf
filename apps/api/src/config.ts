import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { DatabaseTarget } from './db/connect.ts';
import { DEFAULT_PASSWORD_HASH_COST } from './lib/passwords.ts';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}://`)),
      `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** A phone number in international form, spaces and dashes allowed: +256 700 000 000. */
const supportNumber = z
  .string()
  .trim()
  .regex(/^\+\d[\d -]{6,18}\d$/, 'must be a phone number in international form, like +256 700 000 000');

/** Support's contacts on a developer's machine: they reach no one, so production refuses them. */
const SUPPORT_PLACEHOLDERS = {
  SUPPORT_PHONE: '+256 700 000 000',
  SUPPORT_WHATSAPP: '+256 700 000 000',
  SUPPORT_EMAIL: 'support@sente.local',
} as const;
const SUPPORT_WHAT = { SUPPORT_PHONE: 'phone', SUPPORT_WHATSAPP: 'WhatsApp number', SUPPORT_EMAIL: 'e-mail address' } as const;

const positiveInt = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int().positive().default(fallback);

/** A yes-or-no setting: true or 1, false or 0; undefined when unset or empty (its default depends on other settings). */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

const nonNegativeInt = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int().min(0).default(fallback);

/** A secret (never trimmed: its spaces count); empty is unset, as for every other setting. */
const optionalSecret = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(32, 'must be at least 32 characters').optional(),
);

/** proxy-addr's named ranges, which Fastify's trustProxy accepts beside addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Who may tell us the client's address (X-Forwarded-For) and protocol: nobody (`false`, the default), the
 * last N hops (a whole number), or the proxies at these addresses (`10.0.0.0/8, 127.0.0.1`). `true` is
 * refused: it would let any caller choose its own address, and with it its rate-limit bucket.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: "true would believe any caller's X-Forwarded-For; give the number of proxies in front (1) or their addresses",
      });
      return false;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxies, or a comma-separated list of IP addresses or CIDR ranges (not: ${wrong.map((entry) => entry || '(empty)').join(', ')})`,
      });
    }
    return entries;
  });

/** TRUST_PROXY parsed: off, a hop count, or the trusted proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's trustProxy option. A bare number there trusts nobody since Fastify 5.12 (it cannot tell a proxy
 * from a direct caller), so a hop count becomes what it means: the last N hops are proxies, whoever they are.
 */
export function trustProxyOption(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return value === 0 ? false : (_address, hop) => hop < value;
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** log2 of scrypt's N for passwords and wallet PINs; the test suite lowers it, production keeps at least 15. */
  PASSWORD_HASH_COST: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(10, 'must be 10 to 20')
    .max(20, 'must be 10 to 20')
    .default(DEFAULT_PASSWORD_HASH_COST),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  PUBLIC_URL: z
    .url()
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  /** Connections this process keeps open to PostgreSQL at most; several processes share the server's max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Sente <no-reply@sente.local>'),
  /**
   * How merchants and payers reach support, shown under Help and Support: a phone, a WhatsApp number, an e-mail address.
   * The defaults are placeholders for a developer's machine, refused in production (supportContactsInProduction).
   */
  SUPPORT_PHONE: supportNumber.default(SUPPORT_PLACEHOLDERS.SUPPORT_PHONE),
  SUPPORT_WHATSAPP: supportNumber.default(SUPPORT_PLACEHOLDERS.SUPPORT_WHATSAPP),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(SUPPORT_PLACEHOLDERS.SUPPORT_EMAIL),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  /** One secret from which the token key, the code and link pepper and the operator secret are derived (HKDF). */
  APP_SECRET: optionalSecret,
  JWT_SECRET: optionalSecret,
  OPS_SECRET: optionalSecret,
  TRUST_PROXY: trustProxy,
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(20),
  /** Dashboard reads (rate class `read`, decision 045) per minute per signed-in member and route. */
  READ_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  /** Dashboard writes (rate class `write`) per minute per signed-in member and route. */
  WRITE_RATE_LIMIT_PER_MINUTE: positiveInt(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Uploaded files on local disk; default DATA_DIR/storage. */
  STORAGE_DIR: optionalText,
  SHORTEN_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  /** The fee schedule: the collection fee, a percentage of each successful payment plus a flat UGX amount. */
  FEE_COLLECTION_PERCENT: z.coerce.number({ error: 'must be a number' }).min(0).max(100).default(3),
  FEE_COLLECTION_FLAT: nonNegativeInt(0),
  /** The flat UGX charge of each way money leaves a wallet, shown at the PIN step and taken with the amount. */
  FEE_TRANSFER_FLAT: nonNegativeInt(500),
  FEE_SETTLEMENT_FLAT: nonNegativeInt(2000),
  FEE_PAYOUT_FLAT: nonNegativeInt(1000),
  /** The largest row of a payout batch, in UGX (decision 066): MTN's largest tier by default. */
  BATCH_MAX_AMOUNT: positiveInt(5_000_000),
  /**
   * A live payout batch's rows are handed to the providers this many at a time, a group every
   * BATCH_PAY_GROUP_INTERVAL_MS, within their rate limits; test batches go to the simulator at once.
   */
  BATCH_PAY_GROUP_SIZE: positiveInt(10),
  BATCH_PAY_GROUP_INTERVAL_MS: nonNegativeInt(1000),
  /** Wallet PIN checks per minute per member (on top of the lock after 5 wrong PINs). */
  PIN_RATE_LIMIT_PER_MINUTE: positiveInt(20),
  /** The test-mode simulator settles a payment this long after it starts. */
  SIMULATOR_DELAY_MS: nonNegativeInt(3000),
  /**
   * A payment nobody approves fails after this long. Longer than MTN's 5 minutes for the payer to approve (MTN's
   * reasons page: COULD_NOT_PERFORM_TRANSACTION), since our clock starts before MTN's (decision 040).
   */
  PAYMENT_EXPIRY_SECONDS: positiveInt(600),
  /** How often the payment worker settles due test payments and expires stale ones; 0 turns it off. */
  PAYMENT_WORKER_INTERVAL_MS: nonNegativeInt(1000),
  /**
   * Webhook URLs that resolve to loopback, private, link-local or other non-public addresses are refused at save and
   * at delivery (they would let a merchant make the server call its own network); true allows them. Unset, it is true
   * in development, so a receiver on the developer's own machine can be tried, and false in production and test.
   */
  ALLOW_PRIVATE_WEBHOOKS: optionalFlag,
  /** How often the webhook worker looks for due deliveries (decision 025); 0 turns it off in this process. */
  WEBHOOK_WORKER_INTERVAL_MS: nonNegativeInt(1000),
  /** Deliveries a webhook worker pass claims and sends at once. */
  WEBHOOK_WORKER_BATCH_SIZE: positiveInt(50),
  /** How long a merchant's endpoint has to answer a delivery; past it the attempt has failed and is retried. */
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  /** Lifetime of a digital item's download link. */
  DOWNLOAD_LINK_TTL_HOURS: positiveInt(24),
  /** Lifetime of the download link in a digital item's receipt e-mail, which the buyer keeps (decision 035). */
  DOWNLOAD_EMAIL_LINK_TTL_DAYS: positiveInt(30),
  /** Payment attempts per minute per IP on the public pay endpoint. */
  PAY_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  /** Requests per minute per IP on the public page and status endpoints (status is polled every 2 s). */
  PUBLIC_RATE_LIMIT_PER_MINUTE: positiveInt(300),
  /** Requests per minute per API key (its account and environment) on the merchant REST API, /v1. */
  V1_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  /** Uploaded files in an S3-compatible bucket instead of STORAGE_DIR when set. */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addressing, which MinIO and most S3-compatible servers need; off for AWS itself. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1')),
  S3_PREFIX: optionalText,
  /**
   * Live rails (docs/providers.md, decision 032). MTN MoMo Open API: the collection and the disbursement products each
   * have a subscription key and an API user and key from the MTN MoMo developer portal; a product is on when all three
   * are set. The sandbox takes only EUR, so MTN_CURRENCY defaults to EUR there and UGX elsewhere.
   */
  MTN_BASE_URL: optionalUrl(['http', 'https']),
  MTN_TARGET_ENVIRONMENT: z.string().trim().default('sandbox'),
  MTN_CURRENCY: optionalText,
  MTN_COLLECTION_SUBSCRIPTION_KEY: optionalText,
  MTN_COLLECTION_API_USER: optionalText,
  MTN_COLLECTION_API_KEY: optionalText,
  MTN_DISBURSEMENT_SUBSCRIPTION_KEY: optionalText,
  MTN_DISBURSEMENT_API_USER: optionalText,
  MTN_DISBURSEMENT_API_KEY: optionalText,
  /** Airtel Money Africa: the app's client id and secret; payouts also need the disbursement PIN, encrypted as Airtel says. */
  AIRTEL_BASE_URL: optionalUrl(['http', 'https']),
  AIRTEL_CLIENT_ID: optionalText,
  AIRTEL_CLIENT_SECRET: optionalText,
  AIRTEL_DISBURSEMENT_PIN: optionalText,
  /** One attempt of a call to a provider; a timed-out, refused or 5xx attempt is tried again up to PROVIDER_RETRIES times. */
  PROVIDER_TIMEOUT_MS: positiveInt(8_000),
  PROVIDER_RETRIES: nonNegativeInt(2),
  PROVIDER_RETRY_DELAY_MS: nonNegativeInt(500),
  /** A live payment or payout is first asked about this long after it started, then at half its age, at most every 15 min. */
  PROVIDER_POLL_AFTER_SECONDS: positiveInt(30),
  /**
   * The name check's look-ups per second asked of each provider (the registered name behind a payout's number), kept
   * under what MTN and Airtel take; the simulator's is higher, so that a large test batch checks quickly.
   */
  NAME_LOOKUP_MTN_PER_SECOND: positiveInt(5),
  NAME_LOOKUP_AIRTEL_PER_SECOND: positiveInt(5),
  NAME_LOOKUP_SIMULATOR_PER_SECOND: positiveInt(500),
  /** Provider callbacks per minute per IP: high, for a provider's burst; a callback refused is made up by the reconciler. */
  PROVIDER_CALLBACK_RATE_LIMIT_PER_MINUTE: positiveInt(3000),
  /**
   * SMS (sms/from-config.ts): `outbox` writes each text to DATA_DIR/outbox/sms; `africastalking` sends
   * through Africa's Talking (its sandbox when AFRICASTALKING_SANDBOX is true, which the username `sandbox` implies),
   * with Twilio as the fallback route when its three settings are given. AFRICASTALKING_BASE_URL and
   * TWILIO_BASE_URL replace the public hosts (a test's fakes).
   */
  SMS_GATEWAY: z.enum(['outbox', 'africastalking'], { error: 'must be outbox or africastalking' }).default('outbox'),
  AFRICASTALKING_USERNAME: optionalText,
  AFRICASTALKING_API_KEY: optionalText,
  /** A sender ID registered with the networks; unset, Africa's Talking's own sender is used. */
  AFRICASTALKING_SENDER_ID: optionalText,
  AFRICASTALKING_SANDBOX: optionalFlag,
  AFRICASTALKING_BASE_URL: optionalUrl(['http', 'https']),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /** The fallback's sender: a Twilio number in E.164 or an alphanumeric sender ID. */
  TWILIO_FROM: optionalText,
  TWILIO_BASE_URL: optionalUrl(['http', 'https']),
  /** A text the first gateway took but did not report delivered within this long goes again through the fallback. */
  SMS_DELIVERY_TIMEOUT_SECONDS: positiveInt(600),
  /** How long one request to an SMS gateway may take; past it the next route is tried. */
  SMS_GATEWAY_TIMEOUT_MS: positiveInt(10_000),
});

export type Config = Omit<z.infer<typeof schema>, 'ALLOW_PRIVATE_WEBHOOKS'> & {
  dataDir: string;
  PUBLIC_URL: string;
  ALLOW_PRIVATE_WEBHOOKS: boolean;
};

export class ConfigError extends Error {}

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * In production on PostgreSQL several replicas may serve the same customers, so what each would otherwise
 * generate for itself or guess must be given: the same APP_SECRET everywhere, who the proxies are, and the site's
 * address (links, e-mails, redirects and the OpenAPI document's server would otherwise say localhost).
 */
function missingProductionSettings(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production' || !isSet(env.DATABASE_URL)) return [];
  const lines: string[] = [];
  if (!isSet(env.APP_SECRET)) {
    lines.push(
      "  APP_SECRET: required in production with DATABASE_URL: the same value (32+ random characters) on every replica, so they accept each other's sessions, codes and links",
    );
  }
  if (!isSet(env.TRUST_PROXY)) {
    lines.push(
      '  TRUST_PROXY: required in production with DATABASE_URL: the number of proxies in front (1), their addresses, or false when clients connect directly',
    );
  }
  if (!isSet(env.PUBLIC_URL)) {
    lines.push(
      "  PUBLIC_URL: required in production with DATABASE_URL: the site's address as merchants and payers reach it (https://pay.example.com)",
    );
  }
  return lines;
}

/**
 * Support's contacts are shown to merchants and to payers: in production each must be set, and not to the development
 * placeholder, so that nobody is sent to a number or an address that reaches no one.
 */
function supportContactsInProduction(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return (Object.keys(SUPPORT_PLACEHOLDERS) as (keyof typeof SUPPORT_PLACEHOLDERS)[])
    .filter((name) => !isSet(env[name]) || env[name]?.trim() === SUPPORT_PLACEHOLDERS[name])
    .map(
      (name) =>
        `  ${name}: required in production: support's real ${SUPPORT_WHAT[name]}, shown to merchants and payers (the development placeholder ${SUPPORT_PLACEHOLDERS[name]} reaches no one)`,
    );
}

/** A provider product half configured would fail at the first live payment: each group is all set or all unset. */
const PROVIDER_GROUPS = [
  ['MTN_COLLECTION_SUBSCRIPTION_KEY', 'MTN_COLLECTION_API_USER', 'MTN_COLLECTION_API_KEY'],
  ['MTN_DISBURSEMENT_SUBSCRIPTION_KEY', 'MTN_DISBURSEMENT_API_USER', 'MTN_DISBURSEMENT_API_KEY'],
  ['AIRTEL_CLIENT_ID', 'AIRTEL_CLIENT_SECRET'],
  ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
] as const;

function partialProviderSettings(data: z.infer<typeof schema>): string[] {
  const lines = PROVIDER_GROUPS.filter((group) => {
    const set = group.filter((name) => data[name] !== undefined).length;
    return set > 0 && set < group.length;
  }).map((group) => `  ${group.join(', ')}: set all of them or none`);
  if (data.AIRTEL_DISBURSEMENT_PIN && !data.AIRTEL_CLIENT_ID) {
    lines.push('  AIRTEL_DISBURSEMENT_PIN: needs AIRTEL_CLIENT_ID and AIRTEL_CLIENT_SECRET');
  }
  if (data.SMS_GATEWAY === 'africastalking' && (!data.AFRICASTALKING_USERNAME || !data.AFRICASTALKING_API_KEY)) {
    lines.push('  SMS_GATEWAY: africastalking needs AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY');
  }
  return lines;
}

/**
 * The provider hosts default to the sandboxes, right for a newcomer and wrong for real money: in production, a rail
 * that is configured needs its host (and MTN its target environment) set on purpose, the sandbox's for a staging
 * deploy, so a live deploy never asks a sandbox (in EUR) for a payer's money.
 */
function providerHostsInProduction(env: NodeJS.ProcessEnv, data: z.infer<typeof schema>): string[] {
  if (data.NODE_ENV !== 'production') return [];
  const lines: string[] = [];
  const mtn = data.MTN_COLLECTION_API_USER !== undefined || data.MTN_DISBURSEMENT_API_USER !== undefined;
  for (const name of ['MTN_BASE_URL', 'MTN_TARGET_ENVIRONMENT'] as const) {
    if (mtn && !isSet(env[name])) lines.push(`  ${name}: required in production when MTN MoMo credentials are set`);
  }
  if (data.AIRTEL_CLIENT_ID !== undefined && !isSet(env.AIRTEL_BASE_URL)) {
    lines.push('  AIRTEL_BASE_URL: required in production when Airtel Money credentials are set');
  }
  return lines;
}

/** Parses the environment once at start; a wrong value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  // NOTE: messages name the setting and the rule, never a secret's value, so a mistyped secret is not printed.
  const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  lines.push(...missingProductionSettings(env), ...supportContactsInProduction(env));
  if (result.success && result.data.NODE_ENV === 'production' && result.data.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST) {
    lines.push(`  PASSWORD_HASH_COST: at least ${DEFAULT_PASSWORD_HASH_COST} in production`);
  }
  if (!result.success || lines.length > 0) throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  const { data } = result;
  if (Boolean(data.S3_ACCESS_KEY_ID) !== Boolean(data.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid settings:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const partial = [...partialProviderSettings(data), ...providerHostsInProduction(env, data)];
  if (partial.length > 0) throw new ConfigError(`Invalid settings:\n${partial.join('\n')}`);
  return {
    ...data,
    // NOTE: without PUBLIC_URL the site is where it listens, so links work on a newcomer's machine.
    PUBLIC_URL: data.PUBLIC_URL ?? `http://localhost:${data.PORT}`,
    ALLOW_PRIVATE_WEBHOOKS: data.ALLOW_PRIVATE_WEBHOOKS ?? data.NODE_ENV === 'development',
    dataDir: path.resolve(data.DATA_DIR),
  };
}

/** The database the settings name: PostgreSQL at DATABASE_URL, or else the embedded one in DATA_DIR/db. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dir: path.join(config.dataDir, 'db') };
}

/** Where `npm run ops` finds the running server that holds the embedded database. */
export const serverInfoFile = (config: Config) => path.join(config.dataDir, 'server.json');
