import type { MoneyScope } from '../../../lib/money-scope.ts';

/** Query keys of the developers screens (the API keys themselves live on the profile). */
export const developerKeys = {
  all: ['developers'] as const,
  webhooks: (accountId: string) => [...developerKeys.all, 'webhooks', accountId] as const,
  /** Webhook deliveries are per account and environment (DESIGN §4). */
  deliveries: ({ accountId, environment }: MoneyScope) => [...developerKeys.all, 'deliveries', accountId, environment] as const,
};
