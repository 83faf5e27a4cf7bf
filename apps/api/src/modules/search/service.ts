import { SEARCH_GROUP_SIZE } from '@sente/contracts/filters';
import type { SearchAnswer } from '@sente/contracts/search';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { searchCustomers } from '../customers/repository.ts';
import { toCustomerRow } from '../customers/service.ts';
import { searchLinks } from '../links/repository.ts';
import { collectionsPage } from '../payments/list-repository.ts';
import { toCollectionRow } from '../payments/list-service.ts';
import { transfersPage } from '../transfers/repository.ts';
import { toTransferRow } from '../transfers/transfer-row.ts';

/**
 * The header search (decision 051): the same text through each list's own search, at most SEARCH_GROUP_SIZE of each,
 * newest first, in the caller's account and active environment. The four reads run side by side.
 */
export function createSearchService({ db }: { db: Kysely<Database> }) {
  return {
    async search(scope: MoneyScope, q: string): Promise<SearchAnswer> {
      const [collections, customers, links, transfers] = await Promise.all([
        collectionsPage(db, scope, null, SEARCH_GROUP_SIZE, { q }),
        searchCustomers(db, scope, q, SEARCH_GROUP_SIZE),
        searchLinks(db, scope, q),
        transfersPage(db, scope, null, SEARCH_GROUP_SIZE, { q }),
      ]);
      return {
        collections: collections.map(toCollectionRow),
        customers: customers.map(toCustomerRow),
        links,
        transfers: transfers.map((row) => toTransferRow(row, scope.accountId)),
      };
    },
  };
}
