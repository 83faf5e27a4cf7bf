import { formatDateTimeWithZone, formatMoney } from '@sente/contracts/format';
import { PAYMENT_MESSAGES as M, type PublicPayment } from '@sente/contracts/payments';
import { useEffect } from 'react';
import { PAGE_TEXT } from '../messages.ts';
import { safeRedirectUrl } from '../route.ts';
import buttons from './buttons.module.css';
import classes from './result-screens.module.css';
import screen from './screen.module.css';
import { useFocusHeading } from './use-focus-heading.ts';

const REDIRECT_DELAY_MS = 3000;

/** `email`: the address the payer typed, named when the download link was e-mailed there (never sent back by the API). */
export function SuccessScreen({ payment, email }: { payment: PublicPayment; email?: string | undefined }) {
  const heading = useFocusHeading<HTMLHeadingElement>();
  const redirect = safeRedirectUrl(payment.redirect_url, window.location.origin);
  useEffect(() => {
    if (!redirect) return;
    const timer = setTimeout(() => window.location.assign(redirect), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirect]);

  return (
    <section className={screen.screen} aria-labelledby="screen-title">
      <div className={`${classes.icon} ${classes.success}`} aria-hidden="true">
        ✓
      </div>
      <h2 id="screen-title" ref={heading} tabIndex={-1}>
        {M.paymentSuccessful}
      </h2>
      <dl className={screen.facts}>
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(payment.amount)}</dd>
        </div>
        <div>
          <dt>Transaction ID</dt>
          <dd className={classes.transactionId}>{payment.transaction_id}</dd>
        </div>
      </dl>
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
      {redirect && (
        <div className={classes.actions}>
          <p>{PAGE_TEXT.redirecting}</p>
          <a className={`${buttons.button} ${buttons.secondary}`} href={redirect}>
            Continue
          </a>
        </div>
      )}
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
