import type { MoneyScope } from '../../../lib/money-scope.ts';

/**
 * Query keys of the developers screens (the API keys themselves live on the profile), from generic to specific: the
 * account's webhook URLs serve both environments, its deliveries are per environment within it.
 */
export const developerKeys = {
  all: ['developers'] as const,
  account: (accountId: string | null) => [...developerKeys.all, accountId] as const,
  webhooks: (accountId: string | null) => [...developerKeys.account(accountId), 'webhooks'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...developerKeys.account(accountId), environment] as const,
  deliveries: (scope: MoneyScope) => [...developerKeys.scope(scope), 'deliveries'] as const,
};
