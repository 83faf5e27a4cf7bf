import { z } from 'zod';
import { ENVIRONMENTS, type Environment } from './constants.ts';

/** The prefix of each environment's API key: the key alone says which environment it acts in. */
export const API_KEY_PREFIXES = { test: 'sk_test_', production: 'sk_live_' } as const satisfies Record<Environment, string>;
/** The encryption key is a Standard Webhooks signing secret: this prefix, then the base64 of its random bytes. */
export const ENCRYPTION_KEY_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** API keys, as POST /api/keys/generate answers them. */
export const apiKeys = z.object({ test_key: z.string(), production_key: z.string(), encryption_key: z.string() });
export type ApiKeys = z.output<typeof apiKeys>;

/**
 * The profile's `current_account.api_keys`: the active environment for every member, the keys only for
 * the roles with the API keys right (docs/features.md#roles), null for the others.
 */
export const accountApiKeys = z.object({
  active_environment: z.enum(ENVIRONMENTS),
  test_key: z.string().nullable(),
  production_key: z.string().nullable(),
  encryption_key: z.string().nullable(),
});
export type AccountApiKeys = z.output<typeof accountApiKeys>;

/** Webhooks, as GET /api/webhook answers them: null where no URL is set. */
export const webhookUrls = z.object({ collection_url: z.string().nullable(), payment_url: z.string().nullable() });
export type WebhookUrls = z.output<typeof webhookUrls>;
export type WebhookField = keyof WebhookUrls;

/** How the page and the messages name each URL (the WebHooks page). */
export const WEBHOOK_LABELS = { collection_url: 'Collections', payment_url: 'Payments' } as const satisfies Record<
  WebhookField,
  string
>;

export const DEVELOPER_MESSAGES = {
  // Toasts
  keysGenerated: 'Keys Generated',
  webhooksUpdated: 'Webhooks Updated',
  // ours
  generateConfirm:
    'Generate new keys? The current test key, live key and encryption key stop working at once: every system that uses them needs the new ones.',
  readOnly: 'Only the owner, an administrator or a developer of this account can see its API keys and web hooks.',
  httpsHint: 'In live mode web hook URLs must start with https://; http:// is allowed in test mode.',
  copyFailed: 'Your browser blocked copying. Select the key and copy it yourself.',
  keysUnreadable: 'These keys can no longer be read by the server. Generate new keys to use the API and sign web hooks again.',
  saveFailed: 'The web hook URLs were not saved:',
  urlInvalid: (label: string) => `The ${label} web hook URL must be a full address starting with http:// or https://`,
  urlTooLong: (label: string) => `The ${label} web hook URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  urlCredentials: (label: string) => `The ${label} web hook URL must not contain a user name or password`,
  httpsRequired: (label: string) => `The ${label} web hook URL must start with https:// while the account is in live mode`,
  hostNotFound: (label: string, host: string) => `The ${label} web hook URL's host, ${host}, could not be found`,
  addressNotPublic: (label: string, host: string) =>
    `The ${label} web hook URL's host, ${host}, is a private or local address: give one reachable from the internet, or allow local receivers on a development server with ALLOW_PRIVATE_WEBHOOKS=true`,
} as const;

/** The URL a refusal of the URLs is about: each such message names its field's label first ("The Collections web hook URL"). */
export function webhookFieldOfMessage(message: string): WebhookField | undefined {
  const fields = Object.keys(WEBHOOK_LABELS) as WebhookField[];
  return fields.find((field) => message.startsWith(`The ${WEBHOOK_LABELS[field]} web hook URL`));
}

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** What is wrong with a URL as a webhook address, before its host is looked up; undefined when nothing is. */
function webhookUrlProblem(value: string, label: string): string | undefined {
  if (value.length > WEBHOOK_URL_MAX_LENGTH) return DEVELOPER_MESSAGES.urlTooLong(label);
  // NOTE: URL parsing silently drops tabs and line breaks inside an address, so any whitespace is refused first.
  const url = /^https?:\/\/\S+$/i.test(value) ? parsedUrl(value) : undefined;
  if (!url || url.hostname === '') return DEVELOPER_MESSAGES.urlInvalid(label);
  if (url.username !== '' || url.password !== '') return DEVELOPER_MESSAGES.urlCredentials(label);
  return undefined;
}

/** One URL field: absent, null or blank is none (null); else an absolute http(s) URL, kept as the URL parser writes it. */
const webhookUrl = (field: WebhookField) => {
  const label = WEBHOOK_LABELS[field];
  return z
    .string({ error: DEVELOPER_MESSAGES.urlInvalid(label) })
    .nullish()
    .transform((value) => value?.trim() || null)
    .superRefine((value, ctx) => {
      const problem = value === null ? undefined : webhookUrlProblem(value, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => (value === null ? null : new URL(value).href));
};

/**
 * POST /api/webhook/save-url: both URLs are saved together; one left out or empty clears it. The server
 * then checks what needs the account and the network: https in live mode, and a host that resolves to public addresses.
 */
export const webhookUrlsInput = z.object({
  collection_url: webhookUrl('collection_url'),
  payment_url: webhookUrl('payment_url'),
});
