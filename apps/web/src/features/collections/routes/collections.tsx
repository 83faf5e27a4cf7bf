import { Button } from '@mantine/core';
import { MESSAGES } from '@sente/contracts/messages';
import { IconDownload } from '@tabler/icons-react';
import { LinkListPage } from '../../../components/link-list-page.tsx';
import { useDownloadCollections } from '../api/download-collections.ts';
import { useCollections } from '../api/get-collections.ts';
import { CollectionCards } from '../components/collection-cards.tsx';
import { CollectionsTable } from '../components/collections-table.tsx';

/** Spec §2 collections: every payment received, newest first, in the active environment. */
export function CollectionsRoute() {
  const download = useDownloadCollections();
  return (
    <LinkListPage
      title="Collections"
      intro="Payments received through your links, newest first."
      create={null}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          Download
        </Button>
      }
      emptyMessage={MESSAGES.noCollectionsYet}
      list={useCollections()}
      // Seven columns: the table waits for the md breakpoint.
      tableFrom="md"
      table={(collections) => <CollectionsTable collections={collections} />}
      cards={(collections) => <CollectionCards collections={collections} />}
    />
  );
}
