import { Button } from '@mantine/core';
import { FIND_MESSAGES } from '@sente/contracts/filters';
import { DownloadButton } from '../../../components/download-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useUrlFilter, withQuery } from '../../../components/use-url-filter.ts';
import { routePath } from '../../../lib/api-client.ts';
import { CUSTOMER_FILTER_KEYS, useCustomers } from '../api/get-customers.ts';
import { CustomerCards } from '../components/customer-cards.tsx';
import { CustomersSearch, customersTotal } from '../components/customers-search.tsx';
import { CustomersTable } from '../components/customers-table.tsx';

/** The contracts' MESSAGES has no customers empty state; this one follows the spec's 'No … Yet!' pattern. */
const NO_CUSTOMERS = 'No Customers Yet!';

/**
 * Customers: everyone who has paid through a link, in the active environment, found by the
 * search in the URL, which the download honours, with when each last paid and what they paid less refunds.
 */
export function CustomersRoute() {
  const filter = useUrlFilter(CUSTOMER_FILTER_KEYS);
  const list = useCustomers(filter.query);
  const loaded = !list.isPending && !list.error;
  return (
    <ListPage
      title="Customers"
      intro="Everyone who has paid you, with what they have paid so far, less refunds."
      create={null}
      actions={
        <DownloadButton path={withQuery(routePath('GET /api/customers/download'), filter.query)} fileName="Customers.xlsx" />
      }
      emptyMessage={filter.active ? FIND_MESSAGES.noMatchingCustomers : NO_CUSTOMERS}
      emptyAction={
        filter.active ? (
          <Button variant="light" onClick={filter.clear}>
            Clear search
          </Button>
        ) : undefined
      }
      list={list}
      filters={
        (filter.active || list.items.length > 0) && (
          <CustomersSearch filter={filter} total={loaded ? customersTotal(list.totalItems, list.totalCapped) : null} />
        )
      }
      tableFrom="md"
      table={(customers) => <CustomersTable customers={customers} />}
      cards={(customers) => <CustomerCards customers={customers} />}
    />
  );
}
