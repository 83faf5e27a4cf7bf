import type { CustomerRow } from '@sente/contracts/payments';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { useCursorList } from '../../../lib/use-cursor-list.ts';

/** Customers are kept per account and environment, like the collections they made. */
export const customerKeys = {
  all: ['customers'] as const,
  list: ({ accountId, environment }: MoneyScope) => [...customerKeys.all, accountId, environment, 'list'] as const,
};

/** Spec §7 Lists: GET /api/customers?cursor=, in the account's active environment. */
export function useCustomers() {
  return useCursorList<CustomerRow>(customerKeys.list(useMoneyScope()), '/api/customers');
}
