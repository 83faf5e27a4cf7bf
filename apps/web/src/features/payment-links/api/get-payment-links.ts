import type { PaymentLink } from '@sente/contracts/links';
import { useCursorList } from '../../../lib/use-cursor-list.ts';
import { paymentLinkKeys, useLinkScope } from './payment-link-keys.ts';

export const PAYMENT_LINKS_PATH = '/api/payment-link';

/** Spec §7 Lists: GET /api/payment-link?cursor=, newest first. */
export function usePaymentLinks() {
  return useCursorList<PaymentLink>(paymentLinkKeys.list(useLinkScope()), PAYMENT_LINKS_PATH);
}
