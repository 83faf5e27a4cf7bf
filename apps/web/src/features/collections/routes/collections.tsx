import { MESSAGES } from '@sente/contracts/messages';
import { DownloadButton } from '../../../components/download-button.tsx';
import { LinkListPage } from '../../../components/link-list-page.tsx';
import { useCollections } from '../../../lib/collections-query.ts';
import { CollectionCards } from '../components/collection-cards.tsx';
import { CollectionsTable } from '../components/collections-table.tsx';

/** Spec §2 collections: every payment received, newest first, in the active environment. */
export function CollectionsRoute() {
  return (
    <LinkListPage
      title="Collections"
      intro="Payments received through your links, newest first."
      create={null}
      actions={<DownloadButton path="/api/collections/download" fileName="Collections Received.xlsx" />}
      emptyMessage={MESSAGES.noCollectionsYet}
      list={useCollections()}
      // Seven columns: the table waits for the md breakpoint.
      tableFrom="md"
      table={(collections) => <CollectionsTable collections={collections} />}
      cards={(collections) => <CollectionCards collections={collections} />}
    />
  );
}
