import { formatLocalPhone, PAYMENT_MESSAGES as M, normalizeUgandanPhone } from '@sente/contracts/payments';
import { PAGE_TEXT } from '../messages.ts';
import { formatUgx } from '../money.ts';
import { type PaymentOutcome, POLL_INTERVAL_MS, usePaymentStatus } from '../use-payment-status.ts';
import type { StartedPayment } from './pay-form.tsx';
import { useFocusHeading } from './use-focus-heading.ts';

type Props = { started: StartedPayment; onDone: (outcome: PaymentOutcome) => void };

/** Shown while the payer approves on their phone (or the card is confirmed); polls until the payment settles. */
export function WaitingScreen({ started, onDone }: Props) {
  const heading = useFocusHeading<HTMLHeadingElement>();
  // A payment refused at once by the provider is already failed: ask straight away instead of in 2 s.
  const { checkFailing } = usePaymentStatus(started.id, started.status === 'pending' ? POLL_INTERVAL_MS : 0, onDone);
  const card = started.request.channel === 'CARD';
  const msisdn = started.request.phone ? normalizeUgandanPhone(started.request.phone) : null;
  return (
    <section className="screen waiting" aria-labelledby="screen-title">
      <div className="spinner" aria-hidden="true" />
      <h2 id="screen-title" ref={heading} tabIndex={-1}>
        {card ? 'Confirming your card' : 'Approve on your phone'}
      </h2>
      <p className="lead">{card ? M.cardProcessing : M.awaitingApproval}</p>
      <dl className="facts">
        <div>
          <dt>Amount</dt>
          <dd>{formatUgx(started.request.amount ?? 0)}</dd>
        </div>
        {msisdn && (
          <div>
            <dt>Number</dt>
            <dd>{formatLocalPhone(msisdn)}</dd>
          </div>
        )}
      </dl>
      {checkFailing && <p className="notice">{PAGE_TEXT.stillChecking}</p>}
    </section>
  );
}
