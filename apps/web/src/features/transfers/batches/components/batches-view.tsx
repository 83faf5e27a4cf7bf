import { Button } from '@mantine/core';
import { BATCH_SCREEN_TEXT as T } from '@sente/contracts/payout-batches-labels';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPage } from '../../../../components/list-page.tsx';
import { useCan } from '../../../../lib/profile.ts';
import { useBatchList } from '../api/batches.ts';
import { BatchCards } from './batch-cards.tsx';
import { BatchesTable } from './batches-table.tsx';
import { NewBatchModal } from './new-batch-modal.tsx';

/**
 * The Transfers page's Batches tab: the account's payout batches, newest first, with Load More; a member who may move
 * money starts a new one from a sheet.
 */
export function BatchesView() {
  const canMove = useCan('moveMoney');
  const list = useBatchList();
  const [creating, setCreating] = useState(false);
  const newButton = canMove && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      {T.newBatch}
    </Button>
  );
  return (
    <ListPage
      title={T.title}
      intro={T.intro}
      create={null}
      actions={newButton || undefined}
      emptyAction={newButton || undefined}
      emptyMessage={T.empty}
      list={list}
      tableFrom="md"
      table={(batches) => <BatchesTable batches={batches} />}
      cards={(batches) => <BatchCards batches={batches} />}
    >
      {canMove && <NewBatchModal opened={creating} onClose={() => setCreating(false)} />}
    </ListPage>
  );
}
