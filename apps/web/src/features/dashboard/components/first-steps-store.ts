import { useCallback, useSyncExternalStore } from 'react';

/** Why the first steps were put away on this browser (decision 061): closed by the merchant, or every step done. */
export type PutAway = 'dismissed' | 'done';

const storageKey = (accountId: string) => `sente.firstSteps.${accountId}`;
const listeners = new Set<() => void>();
/** Set when the merchant asks for the steps again, so the panel takes the focus once it shows. */
let focusWhenShown = false;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function write(accountId: string, why: PutAway | null) {
  if (why === null) localStorage.removeItem(storageKey(accountId));
  else localStorage.setItem(storageKey(accountId), why);
  for (const listener of listeners) listener();
}

const read = (accountId: string): PutAway | null => {
  const value = localStorage.getItem(storageKey(accountId));
  return value === 'dismissed' || value === 'done' ? value : null;
};

/**
 * Whether the account's first steps are put away on this browser, shared by the panel and the Profile completion card
 * that brings them back: a change by one shows at once in the other.
 */
export function useFirstStepsPutAway(accountId: string) {
  const putAway = useSyncExternalStore(subscribe, () => read(accountId));
  const setPutAway = useCallback((why: PutAway) => write(accountId, why), [accountId]);
  const showAgain = useCallback(() => {
    focusWhenShown = true;
    write(accountId, null);
  }, [accountId]);
  return { putAway, setPutAway, showAgain };
}

/** True once after the merchant asked for the steps again: the panel moves the focus to itself when it shows. */
export function takeFocusRequest(): boolean {
  const wanted = focusWhenShown;
  focusWhenShown = false;
  return wanted;
}
