import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import { formatPhone, normalizeUgandanPhone } from '@sente/contracts/payments';
import type { BatchRow } from '@sente/contracts/payout-batches';
import { batchAmount } from '@sente/contracts/payout-batches-check';
import { BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { NameCheckBadge } from './batch-badges.tsx';
import classes from './batch-rows.module.css';

/** A row's amount as money when the sheet gave a whole amount, else as the sheet wrote it. */
export function rowAmount(row: Pick<BatchRow, 'amount'>): string {
  const amount = batchAmount(row.amount);
  return amount === null ? row.amount || '—' : formatMoney(amount);
}

/** A Ugandan number in the dashboard's one format (decision 036); anything else as the sheet wrote it, to be fixed. */
const shownPhone = (phone: string) => (normalizeUgandanPhone(phone) ? formatPhone(phone) : phone || '—');

/** A number no network has is never looked up: its row waits for a fix, not for the provider. */
const unchecked = (row: BatchRow) =>
  row.name_check === 'pending' && row.issues.some((issue) => issue.field === 'phone' && issue.severity === 'error');

/** What the sheet says of the receiver, what the provider has registered behind the number, and the row's issues. */
export function ReceiverCell({ row }: { row: BatchRow }) {
  return (
    <Stack gap={4}>
      <div>
        <Text component="div" size="sm" fw={600} className={classes.wrap} data-testid="row-name">
          {row.name || '—'}
        </Text>
        <Text size="xs" c="gray.7">
          {shownPhone(row.phone)}
        </Text>
      </div>
      <Group gap={6} wrap="wrap">
        {!unchecked(row) && <NameCheckBadge check={row.name_check} />}
        {row.registered_name && <RegisteredName row={row} />}
      </Group>
      {/* Who accepted it is in the history: the row holds the member's id, not their name. */}
      {row.name_accepted_by && (
        <Text size="xs" c="gray.7">
          Name accepted by the approver
        </Text>
      )}
      <RowIssues row={row} />
    </Stack>
  );
}

/**
 * The name registered behind the number, masked, each word the row's name has nothing for marked (decision 074), so
 * "Peter Achieng" beside "R*** ACHIENG" shows which word differs; a screen reader hears it after the word.
 */
function RegisteredName({ row }: { row: Pick<BatchRow, 'registered_name' | 'registered_name_words'> }) {
  const words = row.registered_name_words ?? [{ text: row.registered_name ?? '', differs: false }];
  return (
    <Text size="xs" c="gray.7">
      {BATCH_SCREEN_TEXT.registeredAs}{' '}
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a name's words are told apart by their place.
        <span key={index}>
          {index > 0 && ' '}
          {word.differs ? (
            <mark className={classes.differs}>
              {word.text}
              <VisuallyHidden component="span"> {BATCH_SCREEN_TEXT.wordDiffers}</VisuallyHidden>
            </mark>
          ) : (
            word.text
          )}
        </span>
      ))}
    </Text>
  );
}

/** A row's errors (red) and warnings (yellow), each with its field's message. */
export function RowIssues({ row }: { row: Pick<BatchRow, 'issues'> }) {
  if (row.issues.length === 0) return null;
  return (
    <ul className={classes.issues}>
      {row.issues.map((issue) => {
        const error = issue.severity === 'error';
        const Icon = error ? IconAlertCircle : IconAlertTriangle;
        return (
          <li key={`${issue.field}-${issue.code}`} className={error ? classes.error : classes.warning}>
            <Icon size={14} aria-hidden />
            <span>
              <VisuallyHidden component="span">{error ? 'Error: ' : 'Warning: '}</VisuallyHidden>
              {issue.message}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
