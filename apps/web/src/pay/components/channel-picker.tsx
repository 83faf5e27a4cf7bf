import { CHANNEL_LABELS, PAYMENT_CHANNELS, type PaymentChannel } from '@sente/contracts/payments';
import type { ReactNode } from 'react';
import classes from './channel-picker.module.css';
import fields from './fields.module.css';
import { ChoiceGroup } from './fields.tsx';

const cardIcon = (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2">
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20" />
  </svg>
);

const BADGES: Record<PaymentChannel, { mark: ReactNode; className: string | undefined }> = {
  MTN_UG: { mark: 'MTN', className: classes.mtn },
  AIRTEL: { mark: 'airtel', className: classes.airtel },
  CARD: { mark: cardIcon, className: classes.cardBadge },
};

type Props = { value: PaymentChannel | null; error: string | undefined; onChange: (channel: PaymentChannel) => void };

/** MTN Mobile Money, Airtel Money or Card, as three large radio cards. */
export function ChannelPicker({ value, error, onChange }: Props) {
  return (
    <ChoiceGroup id="channel" legend="Pay with" error={error}>
      {PAYMENT_CHANNELS.map((channel) => (
        <label key={channel} className={`${fields.choice} ${classes.card}`}>
          <input
            type="radio"
            name="channel"
            value={channel}
            checked={value === channel}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(channel)}
          />
          <span className={`${classes.badge} ${BADGES[channel].className}`} aria-hidden="true">
            {BADGES[channel].mark}
          </span>
          <span className={classes.name}>{CHANNEL_LABELS[channel]}</span>
        </label>
      ))}
    </ChoiceGroup>
  );
}
