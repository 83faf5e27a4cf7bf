import { LinkListPage } from '../../../components/link-list-page.tsx';
import { useCustomers } from '../api/get-customers.ts';
import { CustomerCards } from '../components/customer-cards.tsx';
import { CustomersTable } from '../components/customers-table.tsx';

/** The contracts' MESSAGES has no customers empty state; this one follows the spec's 'No … Yet!' pattern. */
const NO_CUSTOMERS = 'No Customers Yet!';

/** Spec §2 customers: everyone who has paid through a link, in the active environment. */
export function CustomersRoute() {
  return (
    <LinkListPage
      title="Customers"
      intro="Everyone who has paid you, with what they have paid so far."
      create={null}
      emptyMessage={NO_CUSTOMERS}
      list={useCustomers()}
      tableFrom="md"
      table={(customers) => <CustomersTable customers={customers} />}
      cards={(customers) => <CustomerCards customers={customers} />}
    />
  );
}
