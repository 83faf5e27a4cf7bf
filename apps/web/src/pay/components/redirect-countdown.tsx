import { useEffect, useState } from 'react';
import { PAGE_TEXT } from '../messages.ts';
import buttons from './buttons.module.css';
import classes from './result-screens.module.css';
import screen from './screen.module.css';

/**
 * How long the success screen stays before it takes the payer to the merchant's redirect (decision 068): long enough to
 * read the receipt's lines and open it; the countdown shows, and the payer can stop it and leave by the button instead.
 */
export const REDIRECT_AFTER_SECONDS = 15;

export function RedirectCountdown({ to, merchant }: { to: string; merchant: string }) {
  const [left, setLeft] = useState<number | null>(REDIRECT_AFTER_SECONDS);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      window.location.assign(to);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, to]);

  return (
    <div className={classes.actions}>
      <a className={`${buttons.button} ${buttons.primary}`} href={to}>
        {PAGE_TEXT.continueTo(merchant)}
      </a>
      {left === null ? (
        <p className={screen.hint}>{PAGE_TEXT.stayed}</p>
      ) : (
        <>
          <p className={screen.hint}>{PAGE_TEXT.redirectingIn(merchant, left)}</p>
          <button type="button" className={`${buttons.button} ${buttons.secondary}`} onClick={() => setLeft(null)}>
            {PAGE_TEXT.stayHere}
          </button>
        </>
      )}
    </div>
  );
}
