import type { CollectionRow } from '@sente/contracts/payments';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { useCursorList } from '../../../lib/use-cursor-list.ts';
import { collectionKeys } from './collection-keys.ts';

/** Spec §7 Lists: GET /api/collections?cursor=, newest first, in the account's active environment. */
export function useCollections() {
  return useCursorList<CollectionRow>(collectionKeys.list(useMoneyScope()), '/api/collections');
}
