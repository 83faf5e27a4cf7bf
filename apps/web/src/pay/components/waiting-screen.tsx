import { formatMoney } from '@sente/contracts/format';
import { formatPhone, PAYMENT_MESSAGES as M, normalizeUgandanPhone } from '@sente/contracts/payments';
import { useState } from 'react';
import { cancelPayment, PayApiError } from '../api.ts';
import { PAGE_TEXT } from '../messages.ts';
import { type PaymentOutcome, POLL_INTERVAL_MS, usePaymentStatus } from '../use-payment-status.ts';
import alert from './alert.module.css';
import buttons from './buttons.module.css';
import type { StartedPayment } from './pay-form.tsx';
import screen from './screen.module.css';
import spinner from './spinner.module.css';
import { TimeLeft } from './time-left.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import classes from './waiting-screen.module.css';

/** What the payer chose instead of waiting: stop, or go back to pay from another number. */
export type WayOut = 'cancel' | 'another-number';

type Props = {
  started: StartedPayment;
  onDone: (outcome: PaymentOutcome) => void;
  /** The payment was cancelled (it failed and will never settle): show that, or the form for another number. */
  onCancelled: (wayOut: WayOut) => void;
};

/**
 * Shown while the payer approves on their phone (or the card is confirmed); polls until the payment settles. A mobile
 * money payment shows how long it still waits and offers a way out: cancel it, or cancel it and try another number.
 * A cancel that finds the payment already paid shows the success instead, so nobody pays twice.
 */
export function WaitingScreen({ started, onDone, onCancelled }: Props) {
  const heading = useFocusHeading<HTMLHeadingElement>();
  const [stopping, setStopping] = useState<WayOut | null>(null);
  const [cancelFailed, setCancelFailed] = useState(false);
  // A payment refused at once by the provider is already failed: ask straight away instead of in 2 s.
  const { checkFailing, deadline } = usePaymentStatus(started.id, started.status === 'pending' ? POLL_INTERVAL_MS : 0, onDone, {
    paused: stopping !== null,
    expiresInSeconds: started.expires_in_seconds,
  });
  const card = started.request.channel === 'CARD';
  const msisdn = started.request.phone ? normalizeUgandanPhone(started.request.phone) : null;
  const waitMinutes = started.expires_in_seconds ? Math.ceil(started.expires_in_seconds / 60) : null;

  const stop = async (wayOut: WayOut) => {
    setStopping(wayOut);
    setCancelFailed(false);
    try {
      const payment = await cancelPayment(started.id);
      if (payment.status === 'successful') onDone({ status: 'successful', payment });
      else if (payment.status === 'pending') throw new Error('the payment is still pending');
      else if (wayOut === 'cancel' && payment.message !== M.cancelled) onDone({ status: 'failed', message: payment.message });
      else onCancelled(wayOut);
    } catch (error) {
      if (error instanceof PayApiError && error.status === 404) return onDone({ status: 'failed', message: M.paymentNotFound });
      setCancelFailed(true);
      setStopping(null);
    }
  };

  return (
    <section className={screen.screen} aria-labelledby="screen-title">
      <div className={spinner.spinner} aria-hidden="true" />
      <h2 id="screen-title" ref={heading} tabIndex={-1}>
        {card ? 'Confirming your card' : 'Approve on your phone'}
      </h2>
      <p className={screen.lead}>{card ? M.cardProcessing : M.awaitingApproval}</p>
      <dl className={screen.facts}>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(started.request.amount ?? 0)}</dd>
        </div>
        {msisdn && (
          <div>
            <dt>Number</dt>
            <dd>{formatPhone(msisdn)}</dd>
          </div>
        )}
        {!card && deadline !== null && <TimeLeft deadline={deadline} />}
      </dl>
      {!card && waitMinutes !== null && <p className={screen.hint}>{PAGE_TEXT.waitLimit(waitMinutes)}</p>}
      {checkFailing && <p className={classes.notice}>{PAGE_TEXT.stillChecking}</p>}
      {cancelFailed && (
        <p className={alert.alert} role="alert">
          {PAGE_TEXT.cancelFailed}
        </p>
      )}
      {!card && (
        <div className={classes.wayOut}>
          <p>{PAGE_TEXT.noPrompt}</p>
          <button
            type="button"
            className={`${buttons.button} ${buttons.secondary}`}
            disabled={stopping !== null}
            aria-busy={stopping === 'another-number' || undefined}
            onClick={() => void stop('another-number')}
          >
            Try another number
          </button>
          <button
            type="button"
            className={`${buttons.button} ${buttons.quiet}`}
            disabled={stopping !== null}
            aria-busy={stopping === 'cancel' || undefined}
            onClick={() => void stop('cancel')}
          >
            Cancel payment
          </button>
        </div>
      )}
    </section>
  );
}
