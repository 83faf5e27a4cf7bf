import type { DigitalItem } from '@sente/contracts/links';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../../lib/use-cursor-list.ts';
import { digitalItemKeys } from './digital-item-keys.ts';

export const DIGITAL_ITEMS_FIRST_PAGE_PATH = 'GET /api/donation-link/get_digital_items';
/** NOTE: later pages go to the donation-link list; the cursor tells the server they are digital items. */
export const DIGITAL_ITEMS_NEXT_PAGE_PATH = 'GET /api/donation-link';

/** The first page from get_digital_items, later pages from /api/donation-link?cursor=, newest first. */
export const digitalItemsQueryOptions = (scope: MoneyScope) =>
  cursorListOptions<DigitalItem>(digitalItemKeys.lists(scope), DIGITAL_ITEMS_FIRST_PAGE_PATH, DIGITAL_ITEMS_NEXT_PAGE_PATH);

export function useDigitalItems() {
  return useCursorList(digitalItemsQueryOptions(useMoneyScope()));
}
