import { formatDateTimeWithZone, formatMoney } from '@sente/contracts/format';
import { PAYMENT_MESSAGES as M, type PublicPayment } from '@sente/contracts/payments';
import { useEffect } from 'react';
import { PAGE_TEXT } from '../messages.ts';
import { safeRedirectUrl } from '../route.ts';
import { useFocusHeading } from './use-focus-heading.ts';

export const REDIRECT_DELAY_MS = 3000;

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
    <section className="screen success" aria-labelledby="screen-title">
      <div className="result-icon result-icon-success" aria-hidden="true">
        ✓
      </div>
      <h2 id="screen-title" ref={heading} tabIndex={-1}>
        {M.paymentSuccessful}
      </h2>
      <dl className="facts">
        <div>
          <dt>Amount</dt>
          <dd>{formatMoney(payment.amount)}</dd>
        </div>
        <div>
          <dt>Transaction ID</dt>
          <dd className="transaction-id">{payment.transaction_id}</dd>
        </div>
      </dl>
      {payment.download_url && (
        <div className="download">
          <a className="button button-primary" href={payment.download_url} download>
            Download
          </a>
          {payment.download_expires_at && (
            <p className="field-hint">The download link works until {formatDateTimeWithZone(payment.download_expires_at)}.</p>
          )}
          {payment.download_emailed && email && <p className="download-emailed">{PAGE_TEXT.downloadEmailed(email)}</p>}
          {payment.buyer_note && (
            <div className="buyer-note">
              <h3>From the seller</h3>
              <p>{payment.buyer_note}</p>
            </div>
          )}
        </div>
      )}
      {redirect && (
        <div className="redirect">
          <p>{PAGE_TEXT.redirecting}</p>
          <a className="button button-secondary" href={redirect}>
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
    <section className="screen failure" aria-labelledby="screen-title">
      <div className="result-icon result-icon-failure" aria-hidden="true">
        !
      </div>
      <h2 id="screen-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p className="lead">{message || PAGE_TEXT.failedFallback}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {retryLabel}
      </button>
    </section>
  );
}
