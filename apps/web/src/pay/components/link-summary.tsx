import { formatMoney } from '@sente/contracts/format';
import type { PublicLink } from '@sente/contracts/payments';
import { Attachments } from './attachments.tsx';
import classes from './link-summary.module.css';

/** What the payer is paying for: image, title, description, the price or the donation's progress, and attachments. */
export function LinkSummary({ link }: { link: PublicLink }) {
  return (
    <section className={classes.summary} aria-labelledby="link-title">
      {link.image_url && <img className={classes.image} src={link.image_url} alt="" />}
      {link.kind === 'digital_item' && link.category && <p className={classes.category}>{link.category}</p>}
      <h1 id="link-title" className={classes.title}>
        {link.title}
      </h1>
      {link.description && <p className={classes.description}>{link.description}</p>}
      {link.kind === 'donation_link' ? <DonationProgress link={link} /> : <Price link={link} />}
      {link.attachments.length > 0 && <Attachments attachments={link.attachments} />}
    </section>
  );
}

function Price({ link }: { link: PublicLink }) {
  if (!link.fixed_amount) return null;
  return (
    <p className={classes.price}>
      <span className="visually-hidden">Price: </span>
      <strong>{formatMoney(link.amount)}</strong>
      {link.original_price !== null && link.original_price > link.amount && (
        <s className={classes.originalPrice}>
          <span className="visually-hidden">was </span>
          {formatMoney(link.original_price)}
        </s>
      )}
    </p>
  );
}

function DonationProgress({ link }: { link: PublicLink }) {
  const raised = link.raised ?? 0;
  const target = link.target ?? 0;
  return (
    <div className={classes.donation}>
      {link.beneficiary && (
        <p>
          For <strong>{link.beneficiary}</strong>
        </p>
      )}
      <p className={classes.raised}>
        <strong>{formatMoney(raised)}</strong> raised
        {target > 0 && (
          <>
            {' '}
            of <span className={classes.nowrap}>{formatMoney(target)}</span>
          </>
        )}
      </p>
      {target > 0 && (
        <div
          className={classes.progress}
          role="progressbar"
          aria-label="Raised so far"
          aria-valuemin={0}
          aria-valuemax={target}
          aria-valuenow={Math.min(raised, target)}
          aria-valuetext={`${formatMoney(raised)} of ${formatMoney(target)}`}
        >
          <div className={classes.progressFill} style={{ width: `${Math.min(100, (raised / target) * 100)}%` }} />
        </div>
      )}
    </div>
  );
}
