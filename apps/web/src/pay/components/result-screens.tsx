import { formatDateTimeWithZone, formatMoney } from '@sente/contracts/format';
import { PAYMENT_MESSAGES as M, type PublicPayment } from '@sente/contracts/payments';
import { RECEIPT_LABELS as L, VIEW_RECEIPT } from '@sente/contracts/receipts';
import { PAGE_TEXT } from '../messages.ts';
import { safeRedirectUrl } from '../route.ts';
import buttons from './buttons.module.css';
import { RedirectCountdown } from './redirect-countdown.tsx';
import classes from './result-screens.module.css';
import screen from './screen.module.css';
import { useFocusHeading } from './use-focus-heading.ts';

type SuccessProps = {
  payment: PublicPayment;
  /** The address the payer typed, named when the download link was e-mailed there (never sent back by the API). */
  email?: string | undefined;
  merchant: string;
  /** What was paid for: the link's title. */
  title: string;
};

/** The receipt's main lines and the way to the receipt itself; it stays until the payer moves on (decision 068). */
export function SuccessScreen({ payment, email, merchant, title }: SuccessProps) {
  const heading = useFocusHeading<HTMLHeadingElement>();
  const redirect = safeRedirectUrl(payment.redirect_url, window.location.origin);
  const facts: [string, string][] = [
    [L.amount, formatMoney(payment.amount)],
    [L.paidTo, merchant],
    [L.for, title],
    ...(payment.paid_at ? [[L.date, formatDateTimeWithZone(payment.paid_at)] as [string, string]] : []),
    [L.reference, payment.transaction_id],
  ];

  return (
    <section className={screen.screen} aria-labelledby="screen-title">
      <div className={`${classes.icon} ${classes.success}`} aria-hidden="true">
        ✓
      </div>
      <h2 id="screen-title" ref={heading} tabIndex={-1}>
        {M.paymentSuccessful}
      </h2>
      <dl className={screen.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={label === L.reference ? classes.transactionId : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {payment.receipt_url && (
        <a className={`${buttons.button} ${buttons.secondary}`} href={payment.receipt_url} target="_blank" rel="noopener">
          {VIEW_RECEIPT}
        </a>
      )}
      {payment.download_url && (
        <div className={classes.actions}>
          <a className={`${buttons.button} ${buttons.primary}`} href={payment.download_url} download>
            Download
          </a>
          {payment.download_expires_at && (
            <p className={screen.hint}>The download link works until {formatDateTimeWithZone(payment.download_expires_at)}.</p>
          )}
          {payment.download_emailed && email && <p className={classes.emailed}>{PAGE_TEXT.downloadEmailed(email)}</p>}
          {payment.buyer_note && (
            <div className={classes.buyerNote}>
              <h3>From the seller</h3>
              <p>{payment.buyer_note}</p>
            </div>
          )}
        </div>
      )}
      {redirect && <RedirectCountdown to={redirect} merchant={merchant} />}
    </section>
  );
}

type FailureProps = {
  message: string | undefined;
  onRetry: () => void;
  /** 'Payment cancelled' and 'Start again' when the payer stopped it. */
  title?: string;
  retryLabel?: string;
};

export function FailureScreen({ message, onRetry, title = PAGE_TEXT.failedTitle, retryLabel = 'Try again' }: FailureProps) {
  const heading = useFocusHeading<HTMLHeadingElement>();
  return (
    <section className={screen.screen} aria-labelledby="screen-title">
      <div className={`${classes.icon} ${classes.failure}`} aria-hidden="true">
        !
      </div>
      <h2 id="screen-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p className={screen.lead}>{message || PAGE_TEXT.failedFallback}</p>
      <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={onRetry}>
        {retryLabel}
      </button>
    </section>
  );
}
