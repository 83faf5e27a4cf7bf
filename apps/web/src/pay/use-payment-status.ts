import { PAYMENT_MESSAGES, type PublicPayment } from '@sente/contracts/payments';
import { useEffect, useRef, useState } from 'react';
import { fetchPayment, PayApiError } from './api.ts';

export const POLL_INTERVAL_MS = 2000;

export type PaymentOutcome = { status: 'successful'; payment: PublicPayment } | { status: 'failed'; message: string | undefined };

/** When the payment expires on this device's clock: now plus the seconds the server counted, so a wrong clock is harmless. */
const deadlineIn = (seconds: number | undefined) => (seconds === undefined ? null : Date.now() + seconds * 1000);

/**
 * Asks for the payment's status every 2 s on one timer until it is no longer pending, then calls onDone once.
 * A dropped connection or a busy server does not stop it (the payer may still approve); only an answer does.
 * While `paused` (a cancel is on its way) it asks nothing, so only the cancel's answer decides what comes next.
 * Answers whether checks are failing and when the payment expires (from the start's answer, then each check's).
 */
export function usePaymentStatus(
  id: string,
  firstDelayMs: number,
  onDone: (outcome: PaymentOutcome) => void,
  { paused = false, expiresInSeconds }: { paused?: boolean; expiresInSeconds?: number | undefined } = {},
) {
  const [checkFailing, setCheckFailing] = useState(false);
  const [deadline, setDeadline] = useState(() => deadlineIn(expiresInSeconds));
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    if (paused) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const payment = await fetchPayment(id, controller.signal);
        setCheckFailing(false);
        if (payment.status === 'successful') return onDoneRef.current({ status: 'successful', payment });
        if (payment.status === 'failed') return onDoneRef.current({ status: 'failed', message: payment.message });
        const next = deadlineIn(payment.expires_in_seconds);
        // Kept unless it moved by more than the time a check takes, so the countdown does not stutter.
        if (next !== null) setDeadline((last) => (last !== null && Math.abs(last - next) < 1500 ? last : next));
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
  }, [id, firstDelayMs, paused]);

  return { checkFailing, deadline };
}
