import { formatDateTime } from '@sente/contracts/format';
import classes from './date-time.module.css';

/** 'Nov 27, 2026 14:05' with its only break before the time, so a table column can be a day's width. */
export function DateTime({ value }: { value: string }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(' ');
  return (
    <>
      <span className={classes.part}>{text.slice(0, cut)}</span> <span className={classes.part}>{text.slice(cut + 1)}</span>
    </>
  );
}
