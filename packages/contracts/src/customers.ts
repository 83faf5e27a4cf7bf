// The Customers page's queries, apart from payments-input.ts, which the payer's page loads.
import { z } from 'zod';
import { cursorQuery } from './api.ts';
import { searchText } from './filters.ts';
/** The Customers page's search box: its name, and what it finds (decisions 051 and 076). */
export const CUSTOMERS_SEARCH = {
  name: 'Search customers',
  hint: "Search by name, phone or e-mail, or a part of them (a phone's last 6 digits)",
} as const;

/** GET /api/customers/download: the customers the list's search finds, all without one. */
export const customersDownloadQuery = z.object({
  q: searchText.describe("A phone however written, a customer's name (its words in any order) or their e-mail"),
});

/** GET /api/customers: the search and the cursor of the page before. */
export const customersQuery = customersDownloadQuery.extend({ cursor: cursorQuery.shape.cursor });
export type CustomersQuery = z.output<typeof customersQuery>;
