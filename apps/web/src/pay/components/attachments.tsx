import { formatFileSize, type PublicAttachment } from '@sente/contracts/attachments';
import classes from './attachments.module.css';

/** The link's files (a price list, a menu, a circular), each opening in a new tab; decision 034. */
export function Attachments({ attachments }: { attachments: PublicAttachment[] }) {
  return (
    <section className={classes.attachments} aria-labelledby="attachments-title">
      <h2 id="attachments-title" className={classes.title}>
        Attachments
      </h2>
      <ul className={classes.list}>
        {attachments.map((attachment) => (
          <li key={attachment.url}>
            <a className={classes.attachment} href={attachment.url} target="_blank" rel="noopener noreferrer">
              <span className={classes.name}>{attachment.name}</span>
              <span className={classes.size}>
                <span className="visually-hidden">, </span>
                {formatFileSize(attachment.size_bytes)}
                <span className="visually-hidden">, opens in a new tab</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
