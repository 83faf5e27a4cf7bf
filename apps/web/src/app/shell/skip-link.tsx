import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of the dashboard's main region, which the skip link moves the focus to. */
export const MAIN_ID = 'main';

/**
 * The first focusable element of the dashboard (WCAG 2.4.1 Bypass Blocks): "Skip to content" jumps past the header and
 * the navigation to the page itself. The focus is moved by hand, so the URL keeps no `#main` for the router to read.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <a href={`#${MAIN_ID}`} className={classes.skip} onClick={skip}>
      Skip to content
    </a>
  );
}
