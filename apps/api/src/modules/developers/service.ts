import { type Environment, roleHasRight, type StaffRole } from '@sente/contracts/constants';
import {
  type AccountApiKeys,
  type ApiKeys,
  WEBHOOK_LABELS,
  type WebhookField,
  type WebhookUrls,
} from '@sente/contracts/developers';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { AddressLookup } from '../../lib/public-address.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { generateApiKeys, readApiKeys } from './api-keys.ts';
import { findWebhookUrls, saveWebhookUrls } from './repository.ts';
import { checkWebhookTarget, targetRefusal } from './webhook-target.ts';

type Deps = {
  db: Kysely<Database>;
  secrets: Pick<Secrets, 'keysSecret' | 'keyLookupSecret'>;
  logger: Logger;
  allowPrivateWebhooks: boolean;
  /** The resolver of webhook hosts; the system's by default. */
  lookup?: AddressLookup;
};

type ProfileKeys = Omit<AccountApiKeys, 'active_environment'>;
const NO_KEYS: ProfileKeys = { test_key: null, production_key: null, encryption_key: null };

/**
 * The Api Keys and Web Hooks pages: an account's keys and webhook URLs, for the roles with the right
 * (docs/features.md#roles).
 */
export function createDevelopersService({ db, secrets, logger, allowPrivateWebhooks, lookup }: Deps) {
  return {
    /**
     * The profile's keys (`current_account.api_keys`): made on first read; null for a role without the right, so none
     * reaches it.
     */
    async profileKeys(accountId: string, role: StaffRole): Promise<ProfileKeys> {
      if (!roleHasRight(role, 'manageDevelopers')) return NO_KEYS;
      const keys = await readApiKeys(db, secrets, accountId);
      if (!keys) {
        logger.error({ accountId }, 'API keys were encrypted under another secret (APP_SECRET changed): generate new keys');
        return NO_KEYS;
      }
      return keys;
    },

    /** POST /api/keys/generate: all three keys at once; the old ones stop working. */
    generateKeys: (accountId: string): Promise<ApiKeys> => generateApiKeys(db, secrets, accountId),

    webhookUrls: (accountId: string): Promise<WebhookUrls> => findWebhookUrls(db, accountId),

    /**
     * POST /api/webhook/save-url: each URL must take the account's active environment's events (https in
     * live mode) at a host that resolves to public addresses; every refusal is listed, none is saved.
     */
    async saveWebhookUrls(account: { id: string; environment: Environment }, urls: WebhookUrls): Promise<WebhookUrls> {
      const fields = (Object.keys(WEBHOOK_LABELS) as WebhookField[]).filter((field) => urls[field] !== null);
      const targets = await Promise.all(
        fields.map((field) =>
          checkWebhookTarget(urls[field] as string, account.environment, {
            allowPrivate: allowPrivateWebhooks,
            ...(lookup ? { lookup } : {}),
          }),
        ),
      );
      const errors = targets.flatMap((target, i) => (target.ok ? [] : [targetRefusal(fields[i]!, target)]));
      if (errors.length > 0) throw badRequest(errors[0]!, errors);
      await saveWebhookUrls(db, account.id, urls);
      return urls;
    },
  };
}

export type DevelopersService = ReturnType<typeof createDevelopersService>;
