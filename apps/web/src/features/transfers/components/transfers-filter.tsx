import { formatNumber } from '@sente/contracts/format';
import {
  TRANSFER_FILTER_STATUS_LABELS,
  TRANSFER_FILTER_STATUSES,
  TRANSFER_KINDS,
  TRANSFER_OPTIONS,
} from '@sente/contracts/transfers';
import { choicesOf, FilterBar } from '../../../components/filter-bar.tsx';
import type { UrlFilter } from '../../../components/use-url-filter.ts';
import type { TRANSFER_FILTER_KEYS } from '../api/settlements.ts';

/** '12 transfers'; past the count's cap (decision 051) '10,000+ transfers'. */
export function transfersTotal(total: number, capped: boolean) {
  return `${formatNumber(total)}${capped ? '+' : ''} ${total === 1 ? 'transfer' : 'transfers'}`;
}

type Props = { filter: UrlFilter<(typeof TRANSFER_FILTER_KEYS)[number]>; total: string | null };

/** The Transfers page's filter (decision 051), by status, kind (the Transfers modal's options) and Kampala days. */
export function TransfersFilter({ filter, total }: Props) {
  return (
    <FilterBar
      filter={filter}
      label="Filter transfers"
      selects={[
        {
          key: 'status',
          label: 'Status',
          choices: choicesOf(TRANSFER_FILTER_STATUSES, (status) => TRANSFER_FILTER_STATUS_LABELS[status]),
        },
        { key: 'kind', label: 'Kind', choices: choicesOf(TRANSFER_KINDS, (kind) => TRANSFER_OPTIONS[kind]) },
      ]}
      dates={{ from: 'from', to: 'to' }}
      total={total}
    />
  );
}
