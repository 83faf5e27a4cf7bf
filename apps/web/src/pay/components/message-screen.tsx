import type { ReactNode } from 'react';
import classes from './message-screen.module.css';
import screen from './screen.module.css';
import spinner from './spinner.module.css';
import { useFocusHeading } from './use-focus-heading.ts';

type Props = { title: string; message: string; level?: 1 | 2; takeFocus?: boolean; children?: ReactNode };

/** A page that only tells the payer something: not found, not taking payments, could not load. The heading takes
 * the focus only when the page replaces a screen the payer was using (not on first load). */
export function MessageScreen({ title, message, level = 1, takeFocus = false, children }: Props) {
  const heading = useFocusHeading<HTMLHeadingElement>(takeFocus);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={screen.screen} aria-labelledby="screen-title">
      <Heading id="screen-title" ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      <p className={`${screen.lead} ${classes.lead}`}>{message}</p>
      {children}
    </section>
  );
}

export function LoadingScreen() {
  return (
    <div className={classes.loading} role="status">
      <div className={spinner.spinner} aria-hidden="true" />
      <p>Loading…</p>
    </div>
  );
}
