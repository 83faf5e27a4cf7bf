import { type To, useLocation, useNavigate } from 'react-router';

/**
 * The query parameter that opens a payment over the page it was found on: `?payment=<id>`. The payments drawer reads
 * it and any page may write it (a refund's line among the transfers, the header search), so no feature owns it.
 */
export const PAYMENT_PARAM = 'payment';

/** Marks the history entry that opened a payment from this page, so closing it is a step back. */
const OPENED_HERE = { paymentOpened: true } as const;

/** The page now shown (its filter kept) with one payment open. */
function withPayment(pathname: string, search: string, id: string): To {
  const params = new URLSearchParams(search);
  params.set(PAYMENT_PARAM, id);
  return { pathname, search: `?${params}` };
}

/**
 * Opens payments over the current page: `to(id)` for a link (with `state`), `open(id)` for a click on a row. Each
 * opening is a history entry, so Back closes the payment and a copied URL opens it again.
 */
export function usePaymentOpener() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return {
    to: (id: string) => withPayment(pathname, search, id),
    state: OPENED_HERE,
    open: (id: string) => navigate(withPayment(pathname, search, id), { state: OPENED_HERE }),
  };
}

/**
 * The payment the URL opens, or null, and how to close it: a step back when this page opened it (the entry before is
 * the page without it), otherwise the same URL without the parameter in place of this one (a shared link, the search).
 */
export function useOpenPayment() {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const id = new URLSearchParams(search).get(PAYMENT_PARAM) || null;
  const close = () => {
    if ((state as Partial<typeof OPENED_HERE> | null)?.paymentOpened) {
      navigate(-1);
      return;
    }
    const params = new URLSearchParams(search);
    params.delete(PAYMENT_PARAM);
    navigate({ pathname, search: params.size > 0 ? `?${params}` : '' }, { replace: true });
  };
  return { id, close };
}
