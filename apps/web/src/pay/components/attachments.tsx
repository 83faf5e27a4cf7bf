import { formatFileSize, type PublicAttachment } from '@sente/contracts/attachments';

/** The link's files (a price list, a menu, a circular), each opening in a new tab; decision 034. */
export function Attachments({ attachments }: { attachments: PublicAttachment[] }) {
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title" className="attachments-title">
        Attachments
      </h2>
      <ul className="attachment-list">
        {attachments.map((attachment) => (
          <li key={attachment.url}>
            <a className="attachment" href={attachment.url} target="_blank" rel="noopener noreferrer">
              <span className="attachment-name">{attachment.name}</span>
              <span className="attachment-size">
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
