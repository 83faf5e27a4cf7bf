import { Button } from '@mantine/core';
import { FIND_MESSAGES } from '@sente/contracts/filters';
import { MESSAGES } from '@sente/contracts/messages';
import { DownloadButton } from '../../../components/download-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useUrlFilter, withQuery } from '../../../components/use-url-filter.ts';
import { routePath } from '../../../lib/api-client.ts';
import { COLLECTION_FILTER_KEYS, useFilteredCollections } from '../api/filtered-collections.ts';
import { CollectionCards } from '../components/collection-cards.tsx';
import { CollectionsFilter, collectionsTotal } from '../components/collections-filter.tsx';
import { CollectionsTable } from '../components/collections-table.tsx';
import { PaymentDrawer } from '../components/payment-drawer.tsx';

/**
 * Collections: every payment received, newest first, in the active environment, narrowed by the
 * filter in the URL, whose total shows, and which the download honours; a payment opens over it (`?payment=<id>`).
 */
export function CollectionsRoute() {
  const filter = useUrlFilter(COLLECTION_FILTER_KEYS);
  const list = useFilteredCollections(filter.query);
  const loaded = !list.isPending && !list.error;
  // A new account's empty list is the spec's empty state alone; a filter that finds nothing keeps its bar.
  const showFilter = filter.active || list.items.length > 0;
  return (
    <ListPage
      title="Collections"
      intro="Payments received through your links, newest first."
      create={null}
      actions={
        <DownloadButton
          path={withQuery(routePath('GET /api/collections/download'), filter.query)}
          fileName="Collections Received.xlsx"
        />
      }
      emptyMessage={filter.active ? FIND_MESSAGES.noMatchingCollections : MESSAGES.noCollectionsYet}
      emptyAction={
        filter.active ? (
          <Button variant="light" onClick={filter.clear}>
            Clear filters
          </Button>
        ) : undefined
      }
      list={list}
      filters={
        showFilter && (
          <CollectionsFilter
            filter={filter}
            total={loaded ? collectionsTotal(list.totalItems, list.totalCapped, list.received) : null}
          />
        )
      }
      // Seven columns: the table waits for the md breakpoint.
      tableFrom="md"
      table={(collections) => <CollectionsTable collections={collections} />}
      cards={(collections) => <CollectionCards collections={collections} />}
    >
      <PaymentDrawer />
    </ListPage>
  );
}
