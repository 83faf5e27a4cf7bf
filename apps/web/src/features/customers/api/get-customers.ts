import type { CustomerRow } from '@sente/contracts/payments';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';

/** Customers are kept per account and environment, like the collections they made: keys from generic to specific. */
export const customerKeys = {
  all: ['customers'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...customerKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...customerKeys.scope(scope), 'list'] as const,
};

/** Spec §7 Lists: GET /api/customers?cursor=, in the account's active environment. */
export const customersQueryOptions = (scope: MoneyScope) =>
  cursorListOptions<CustomerRow>(customerKeys.lists(scope), '/api/customers');

export function useCustomers() {
  return useCursorList(customersQueryOptions(useMoneyScope()));
}
