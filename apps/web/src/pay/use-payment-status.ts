import { PAYMENT_MESSAGES, type PublicPayment } from '@sente/contracts/payments';
import { useEffect, useRef, useState } from 'react';
import { fetchPayment, PayApiError } from './api.ts';

export const POLL_INTERVAL_MS = 2000;

export type PaymentOutcome = { status: 'successful'; payment: PublicPayment } | { status: 'failed'; message: string | undefined };

/**
 * Asks for the payment's status every 2 s on one timer until it is no longer pending, then calls onDone once.
 * A dropped connection or a busy server does not stop it (the payer may still approve); only an answer does.
 */
export function usePaymentStatus(id: string, firstDelayMs: number, onDone: (outcome: PaymentOutcome) => void) {
  const [checkFailing, setCheckFailing] = useState(false);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const payment = await fetchPayment(id, controller.signal);
        setCheckFailing(false);
        if (payment.status === 'successful') return onDoneRef.current({ status: 'successful', payment });
        if (payment.status === 'failed') return onDoneRef.current({ status: 'failed', message: payment.message });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof PayApiError && error.status === 404) {
          return onDoneRef.current({ status: 'failed', message: PAYMENT_MESSAGES.paymentNotFound });
        }
        setCheckFailing(true);
      }
      timer = setTimeout(poll, POLL_INTERVAL_MS);
    };
    timer = setTimeout(poll, firstDelayMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, firstDelayMs]);

  return { checkFailing };
}
