import type { CollectionRow } from '@sente/contracts/payments';
import { useCursorList } from '../../../lib/use-cursor-list.ts';
import { collectionKeys, useMoneyScope } from './collection-keys.ts';

/** Spec §7 Lists: GET /api/collections?cursor=, newest first, in the account's active environment. */
export function useCollections() {
  return useCursorList<CollectionRow>(collectionKeys.list(useMoneyScope()), '/api/collections');
}
