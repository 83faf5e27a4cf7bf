import type { BadgeProps } from '@mantine/core';
import { BATCH_STATUS_LABELS, type BatchRowStatus, type BatchStatus, type RowNameCheck } from '@sente/contracts/payout-batches';
import { BATCH_ROW_STATUS_LABELS, ROW_NAME_CHECK_LABELS } from '@sente/contracts/payout-batches-labels';
import { type MoneyStatus, StatusBadge } from '../../../../components/status-badge.tsx';

/** Each batch status in the tone of the app's statuses: waiting yellow, under way blue, done green, refused red. */
const BATCH_TONES = {
  draft: 'refunded',
  submitted: 'pending',
  paying: 'partly_refunded',
  completed: 'successful',
  partially_completed: 'pending',
  failed: 'failed',
  rejected: 'rejected',
  expired: 'refunded',
} as const satisfies Record<BatchStatus, MoneyStatus>;

/** A name check: a match green, a partial match yellow, a mismatch or a number that cannot take money red. */
const NAME_TONES = {
  pending: 'partly_refunded',
  match: 'successful',
  partial: 'pending',
  mismatch: 'failed',
  unavailable: 'refunded',
  not_registered: 'failed',
  barred: 'failed',
} as const satisfies Record<RowNameCheck, MoneyStatus>;

const ROW_TONES = {
  draft: 'refunded',
  queued: 'pending',
  sent: 'partly_refunded',
  paid: 'successful',
  failed: 'failed',
} as const satisfies Record<BatchRowStatus, MoneyStatus>;

type Size = { size?: BadgeProps['size'] };

export const BatchStatusBadge = ({ status, size }: { status: BatchStatus } & Size) => (
  <StatusBadge status={BATCH_TONES[status]} label={BATCH_STATUS_LABELS[status]} size={size} />
);

export const NameCheckBadge = ({ check, size = 'sm' }: { check: RowNameCheck } & Size) => (
  <StatusBadge status={NAME_TONES[check]} label={ROW_NAME_CHECK_LABELS[check]} size={size} />
);

export const RowStatusBadge = ({ status, size = 'sm' }: { status: BatchRowStatus } & Size) => (
  <StatusBadge status={ROW_TONES[status]} label={BATCH_ROW_STATUS_LABELS[status]} size={size} />
);
