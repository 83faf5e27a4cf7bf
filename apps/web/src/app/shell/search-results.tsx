import { Paper, Text } from '@mantine/core';
import { kampalaDay } from '@sente/contracts/dates';
import { FIND_MESSAGES, SEARCH_MIN_LENGTH } from '@sente/contracts/filters';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { LinkKind } from '@sente/contracts/links';
import { formatPhone } from '@sente/contracts/payments';
import type { SearchAnswer } from '@sente/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { movementLabel } from '../../features/transfers/components/transfer-labels.ts';
import { useMoneyScope } from '../../lib/money-scope.ts';
import { PAYMENT_PARAM } from '../../lib/payment-param.ts';
import { LINK_KIND_NAMES, searchQueryOptions } from '../../lib/search-query.ts';
import classes from './search-box.module.css';

/** Handles a key pressed in the search box; true when it was the list's (arrows, Enter). */
export type ResultsKeys = (key: string) => boolean;
export type ResultsState = { expanded: boolean; activeId: string | undefined };

type Found = { key: string; title: string; detail: string; to: string };
type Group = { label: string; items: Found[] };

const LINK_EDIT_PATHS: Record<LinkKind, string> = {
  payment_link: '/payment-links/edit/',
  donation_link: '/donation-links/edit/',
  digital_item: '/sente-digital-items/edit/',
};

const collectionsWith = (text: string, payment?: string) =>
  `/collections?${new URLSearchParams({ q: text, ...(payment ? { [PAYMENT_PARAM]: payment } : {}) })}`;

/**
 * Where each thing found opens: a collection opened over the Collections page searched by its transaction ID, a customer the
 * same page searched by their phone (or name, for a card payer), a link its edit page, and a transfer the Transfers
 * page filtered to its kind, status and day.
 */
function groupsOf(answer: SearchAnswer): Group[] {
  return [
    {
      label: 'Collections',
      items: answer.collections.map((collection) => ({
        key: collection.id,
        title: `${collection.customer.names} · ${formatMoney(collection.amount, collection.currency)}`,
        detail: `${collection.transaction_id} · ${collection.status}`,
        to: collectionsWith(collection.transaction_id, collection.id),
      })),
    },
    {
      label: 'Customers',
      items: answer.customers.map((customer) => ({
        key: customer.id,
        title: customer.names,
        detail: [customer.phone && formatPhone(customer.phone), customer.email].filter(Boolean).join(' · '),
        to: collectionsWith(customer.phone ?? customer.names),
      })),
    },
    {
      label: 'Links',
      items: answer.links.map((link) => ({
        key: `${link.kind}-${link.ref}`,
        title: link.title,
        detail: LINK_KIND_NAMES[link.kind],
        to: `${LINK_EDIT_PATHS[link.kind]}${link.ref}`,
      })),
    },
    {
      label: 'Transfers',
      items: answer.transfers.map((transfer) => {
        const day = kampalaDay(transfer.created_at);
        const filter = new URLSearchParams({ kind: transfer.kind, status: transfer.status, from: day, to: day });
        return {
          key: transfer.id,
          title: `${formatMoney(transfer.amount, transfer.currency)} · ${movementLabel(transfer)}`,
          detail: `${formatDateTime(transfer.created_at)} · ${transfer.status}`,
          to: `/settlements?${filter}`,
        };
      }),
    },
  ].filter((group) => group.items.length > 0);
}

type Props = {
  id: string;
  text: string;
  keys: RefObject<ResultsKeys | null>;
  onState: (state: ResultsState) => void;
  onPick: (to: string) => void;
};

/** The header search's list (search-box.tsx): its groups, the option the arrow keys reached, and No results. */
export function SearchResults({ id, text, keys, onState, onPick }: Props) {
  const scope = useMoneyScope();
  const enough = text.length >= SEARCH_MIN_LENGTH;
  const found = useQuery({ ...searchQueryOptions(scope, text), enabled: enough, placeholderData: keepPreviousData });
  const groups = found.data ? groupsOf(found.data) : [];
  const options = groups.flatMap((group) => group.items);
  const [active, setActive] = useState(-1);
  const optionId = (index: number) => `${id}-option-${index}`;

  // New results: no option is active until an arrow key reaches one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the results are what resets it
  useEffect(() => setActive(-1), [found.data]);
  const expanded = enough && options.length > 0;
  const activeId = active >= 0 ? optionId(active) : undefined;
  useEffect(() => {
    onState({ expanded, activeId });
    return () => onState({ expanded: false, activeId: undefined });
  }, [onState, expanded, activeId]);

  keys.current = (key) => {
    if (options.length === 0) return false;
    if (key === 'ArrowDown') setActive((active + 1) % options.length);
    else if (key === 'ArrowUp') setActive(active <= 0 ? options.length - 1 : active - 1);
    else if (key === 'Enter' && options[active]) onPick(options[active].to);
    else return false;
    return true;
  };

  if (!enough) return null;
  let index = -1;
  const status = found.isPending
    ? 'Searching…'
    : found.isError
      ? found.error.message
      : groups.length === 0
        ? FIND_MESSAGES.noResults
        : null;
  return (
    <Paper withBorder shadow="md" radius="md" p={4} className={classes.dropdown}>
      {status !== null ? (
        <Text size="sm" c="gray.7" p="sm" role="status">
          {status}
        </Text>
      ) : (
        <div id={id} role="listbox" aria-label="Search results">
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA), not a form's fieldset
            <div key={group.label} role="group" aria-labelledby={`${id}-${group.label}`}>
              <Text id={`${id}-${group.label}`} size="xs" fw={700} c="gray.7" tt="uppercase" className={classes.groupLabel}>
                {group.label}
              </Text>
              {group.items.map((item) => {
                index += 1;
                const at = index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the search box's (aria-activedescendant)
                  <div
                    key={item.key}
                    id={optionId(at)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={at === active}
                    className={classes.option}
                    // Keep the focus in the box, so the list is still there when the click lands.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onPick(item.to)}
                  >
                    <Text size="sm" fw={600} truncate>
                      {item.title}
                    </Text>
                    <Text size="xs" c="gray.7" truncate>
                      {item.detail}
                    </Text>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </Paper>
  );
}
