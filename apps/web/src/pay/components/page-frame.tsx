import type { PublicLink } from '@sente/contracts/payments';
import type { ReactNode } from 'react';
import { PAGE_TEXT } from '../messages.ts';
import classes from './page-frame.module.css';

type Props = { link: PublicLink | null; status: string; children: ReactNode };

/**
 * The phone-width card every screen sits in: test-mode notice, the merchant, the screen, the footer. `status` is
 * announced politely to screen readers when it changes (waiting, paid, failed).
 */
export function PageFrame({ link, status, children }: Props) {
  return (
    <div className={classes.page}>
      {link?.environment === 'test' && (
        <header className={classes.testBanner}>
          <strong>{PAGE_TEXT.testMode}</strong>
        </header>
      )}
      <main className={classes.sheet}>
        {link && <MerchantHeader merchant={link.merchant} />}
        {children}
        <p className="visually-hidden" aria-live="polite">
          {status}
        </p>
      </main>
      <footer className={classes.footer}>
        Payments by <strong>Sente</strong>
      </footer>
    </div>
  );
}

function MerchantHeader({ merchant }: { merchant: PublicLink['merchant'] }) {
  return (
    <header className={classes.merchant}>
      {merchant.logo_url ? (
        <img className={classes.logo} src={merchant.logo_url} alt="" width={40} height={40} />
      ) : (
        <span className={`${classes.logo} ${classes.initial}`} aria-hidden="true">
          {merchant.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <p className={classes.name}>{merchant.name}</p>
    </header>
  );
}
