import { useSearchParams } from 'react-router';

/**
 * A list's filter held in the page's query string, so a filtered view can be shared and Back returns to the filter
 * before: each change is a history entry. Other parameters of the page (a modal's `?transfer=1`) are left alone.
 */
export function useUrlFilter<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const update = (change: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });
  const assign = (changes: Partial<Record<K, string>>) =>
    update((next) => {
      for (const [key, value] of Object.entries(changes) as [K, string][]) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
    });
  return {
    values,
    active: keys.some((key) => values[key] !== ''),
    set: (key: K, value: string) => assign({ [key]: value } as Partial<Record<K, string>>),
    /** Several keys in one history entry: two `set`s in one event would each start from the same address. */
    assign,
    clear: () =>
      update((next) => {
        for (const key of keys) next.delete(key);
      }),
    /** The filter as the list's API reads it (`status=failed&from=2026-11-01`): empty values left out. */
    query: new URLSearchParams(keys.flatMap((key) => (values[key] ? [[key, values[key]]] : []))).toString(),
  };
}

export type UrlFilter<K extends string> = ReturnType<typeof useUrlFilter<K>>;

/** A path with a filter's query string, when there is one. */
export const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
