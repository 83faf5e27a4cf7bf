import type { DigitalItem } from '@sente/contracts/links';
import { useState } from 'react';
import { ListPage } from '../../../../components/list-page.tsx';
import { useCan } from '../../../../lib/profile.ts';
import { useDigitalItems } from '../api/get-digital-items.ts';
import { useDeleteDigitalItem } from '../api/hide-digital-item.ts';
import { DeleteItemModal } from '../components/delete-item-modal.tsx';
import { DigitalItemCards } from '../components/digital-item-cards.tsx';
import { DigitalItemsTable } from '../components/digital-items-table.tsx';
import { DIGITAL_ITEMS_PAGE } from '../components/item-labels.tsx';

/** Digital items list ('Digital Hub'). */
export function DigitalItemsRoute() {
  const canManage = useCan('manageLinks');
  const remove = useDeleteDigitalItem();
  const [toDelete, setToDelete] = useState<DigitalItem | null>(null);
  const confirmDelete = (item: DigitalItem) => remove.mutate(item.id, { onSuccess: () => setToDelete(null) });

  return (
    <ListPage
      {...DIGITAL_ITEMS_PAGE}
      create={canManage ? DIGITAL_ITEMS_PAGE.create : null}
      list={useDigitalItems()}
      // The items table has more columns, so it waits for the md breakpoint.
      tableFrom="md"
      table={(items) => <DigitalItemsTable items={items} canManage={canManage} onRequestDelete={setToDelete} />}
      cards={(items) => <DigitalItemCards items={items} canManage={canManage} onRequestDelete={setToDelete} />}
    >
      <DeleteItemModal
        item={toDelete}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setToDelete(null)}
      />
    </ListPage>
  );
}
