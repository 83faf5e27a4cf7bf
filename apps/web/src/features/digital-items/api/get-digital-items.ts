import type { DigitalItem } from '@sente/contracts/links';
import { useCursorList } from '../../../lib/use-cursor-list.ts';
import { digitalItemKeys, useItemScope } from './digital-item-keys.ts';

export const DIGITAL_ITEMS_FIRST_PAGE_PATH = '/api/donation-link/get_digital_items';
/** NOTE: later pages go to the donation-link list; the cursor tells the server they are digital items. */
export const DIGITAL_ITEMS_NEXT_PAGE_PATH = '/api/donation-link';

/** Spec §7 Lists: the first page from get_digital_items, later pages from /api/donation-link?cursor=, newest first. */
export function useDigitalItems() {
  return useCursorList<DigitalItem>(
    digitalItemKeys.list(useItemScope()),
    DIGITAL_ITEMS_FIRST_PAGE_PATH,
    DIGITAL_ITEMS_NEXT_PAGE_PATH,
  );
}
