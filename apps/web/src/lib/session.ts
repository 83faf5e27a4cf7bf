/**
 * The browser session: both tokens and the time the last code was sent, kept in
 * localStorage so a reload keeps the user signed in. Components subscribe through useSession.
 */
import { useSyncExternalStore } from 'react';

const KEYS = {
  accessToken: 'sente.accessToken',
  refreshToken: 'sente.refreshToken',
  lastCodeSentAt: 'sente.lastCodeSentAt',
} as const;

const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const session = {
  accessToken: () => localStorage.getItem(KEYS.accessToken),
  refreshToken: () => localStorage.getItem(KEYS.refreshToken),
  setTokens(tokens: { accessToken: string; refreshToken: string }) {
    localStorage.setItem(KEYS.accessToken, tokens.accessToken);
    localStorage.setItem(KEYS.refreshToken, tokens.refreshToken);
    emit();
  },
  clear() {
    localStorage.removeItem(KEYS.accessToken);
    localStorage.removeItem(KEYS.refreshToken);
    emit();
  },
  /** When the last one-time code was sent (ms since epoch), for the 50 s countdown. */
  lastCodeSentAt: () => Number(localStorage.getItem(KEYS.lastCodeSentAt) ?? 0),
  setLastCodeSentAt(iso: string | null) {
    localStorage.setItem(KEYS.lastCodeSentAt, String(iso ? new Date(iso).getTime() : Date.now()));
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** True while both tokens are stored. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(session.subscribe, () => session.accessToken() !== null && session.refreshToken() !== null);
}
