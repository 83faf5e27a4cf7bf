import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { CUSTOMERS_SEARCH } from '@sente/contracts/customers';
import { formatNumber } from '@sente/contracts/format';
import { IconX } from '@tabler/icons-react';
import { SearchField } from '../../../components/filter-bar.tsx';
import type { UrlFilter } from '../../../components/use-url-filter.ts';
import type { CUSTOMER_FILTER_KEYS } from '../api/get-customers.ts';

/** '12 customers'; past the count's cap (decision 051) '1,000+ customers'. */
export const customersTotal = (total: number, capped: boolean) =>
  `${formatNumber(total)}${capped ? '+' : ''} ${total === 1 ? 'customer' : 'customers'}`;

type Props = { filter: UrlFilter<(typeof CUSTOMER_FILTER_KEYS)[number]>; total: string | null };

/** The Customers page's search, in the URL, by a name's words in any order, a phone or an e-mail. */
export function CustomersSearch({ filter, total }: Props) {
  return (
    <Paper component="section" aria-label="Find customers" withBorder radius="md" p="md">
      <Stack gap="sm">
        <SearchField
          value={filter.values.q}
          onSearch={(text) => filter.set('q', text)}
          name={CUSTOMERS_SEARCH.name}
          label={CUSTOMERS_SEARCH.hint}
        />
        <Group justify="space-between" gap="sm" mih={30}>
          <Text size="sm" fw={600} role="status">
            {total}
          </Text>
          {filter.active && (
            <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} aria-hidden />} onClick={filter.clear}>
              Clear search
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
