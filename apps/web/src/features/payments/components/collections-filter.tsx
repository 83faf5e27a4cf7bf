import type { CollectionsPage } from '@sente/contracts/collections-page';
import { formatMoney, formatNumber } from '@sente/contracts/format';
import { PAYMENT_STATE_LABELS, PAYMENT_STATES } from '@sente/contracts/payment-states';
import { CHANNEL_LABELS, PAYMENT_CHANNELS } from '@sente/contracts/payments';
import { choicesOf, FilterBar } from '../../../components/filter-bar.tsx';
import type { UrlFilter } from '../../../components/use-url-filter.ts';
import type { COLLECTION_FILTER_KEYS } from '../api/filtered-collections.ts';
import { LinkFilter } from './link-filter.tsx';

const CHANNEL_CHOICES: Record<(typeof PAYMENT_CHANNELS)[number], string> = { ...CHANNEL_LABELS, MTN_UG: 'MTN', AIRTEL: 'Airtel' };

/**
 * '1,234 collections'; past the count's cap (decision 051) '10,000+ collections'; then what their successful payments
 * brought in less refunds, when the answer says (decision 057): '12 collections · UGX 240,000 received, less refunds'.
 */
export function collectionsTotal(total: number, capped: boolean, received?: CollectionsPage['received']) {
  const count = `${formatNumber(total)}${capped ? '+' : ''} ${total === 1 ? 'collection' : 'collections'}`;
  if (!received?.length) return count;
  return `${count} · ${received.map(({ currency, amount }) => formatMoney(amount, currency)).join(' + ')} received, less refunds`;
}

type Props = { filter: UrlFilter<(typeof COLLECTION_FILTER_KEYS)[number]>; total: string | null };

/** The Collections page's filter (decision 051), by status, channel, link, Kampala days and a search. */
export function CollectionsFilter({ filter, total }: Props) {
  return (
    <FilterBar
      filter={filter}
      label="Filter collections"
      search={{ key: 'q', label: 'Search by phone, name, transaction ID or reference' }}
      selects={[
        { key: 'status', label: 'Status', choices: choicesOf(PAYMENT_STATES, (state) => PAYMENT_STATE_LABELS[state]) },
        { key: 'channel', label: 'Channel', choices: choicesOf(PAYMENT_CHANNELS, (channel) => CHANNEL_CHOICES[channel]) },
      ]}
      dates={{ from: 'from', to: 'to' }}
      total={total}
    >
      <LinkFilter value={filter.values.link} onChange={(ref) => filter.set('link', ref)} />
    </FilterBar>
  );
}
