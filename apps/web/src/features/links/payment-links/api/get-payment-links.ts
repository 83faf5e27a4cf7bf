import type { PaymentLink } from '@sente/contracts/links';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../../lib/use-cursor-list.ts';
import { paymentLinkKeys } from './payment-link-keys.ts';

export const PAYMENT_LINKS_PATH = 'GET /api/payment-link';

/** GET /api/payment-link?cursor=, newest first. */
export const paymentLinksQueryOptions = (scope: MoneyScope) =>
  cursorListOptions<PaymentLink>(paymentLinkKeys.lists(scope), PAYMENT_LINKS_PATH);

export function usePaymentLinks() {
  return useCursorList(paymentLinksQueryOptions(useMoneyScope()));
}
