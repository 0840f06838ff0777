import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A list page's filters, sort, search and page as URL query values ('' or absent is the default). */
export type UrlState = Record<string, string>;

function same(a: UrlState, b: UrlState): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? '') !== (b[key] ?? '')) return false;
  return true;
}

function fromParams(params: URLSearchParams, keys: readonly string[]): UrlState {
  return Object.fromEntries(keys.map((key) => [key, params.get(key) ?? '']));
}

/**
 * Keeps a list page's filters, sort, search and page in the URL's query, so a reload, a shared link
 * or the browser's Back button gives the same list (UX.md "Lists"). `current` is the state as the
 * store holds it now, as strings ('' for the default, which the URL leaves out); `apply` puts a
 * state read from the URL into the store (it is called only when the URL differs from `current`).
 *
 * Which side moved wins: a change in the store (the user typed, sorted, paged) adds a history entry
 * with the new query; a change in the URL (first load, reload, Back, Forward, a pasted link) is
 * applied to the store. A page opened with none of the keys in its URL writes the store's state to
 * it (a store outlives the page, so coming back keeps the filters), replacing the entry.
 * Other query parameters are left alone.
 */
export function useUrlState(current: UrlState, apply: (state: UrlState) => void): void {
  const [params, setParams] = useSearchParams();
  const keys = Object.keys(current);
  const fromUrl = fromParams(params, keys);
  // The state both sides agreed on last; null before the first sync.
  const synced = useRef<UrlState | null>(null);
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });
  const urlKey = JSON.stringify(fromUrl);
  const currentKey = JSON.stringify(current);

  useEffect(() => {
    const url = JSON.parse(urlKey) as UrlState;
    const state = JSON.parse(currentKey) as UrlState;
    const write = (next: UrlState, replace: boolean) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(next)) {
            if (value) out.set(key, value);
            else out.delete(key);
          }
          return out;
        },
        { replace },
      );
    if (synced.current === null) {
      const anyInUrl = Object.keys(state).some((key) => url[key] !== '');
      if (!anyInUrl) {
        synced.current = state;
        if (!same(url, state)) write(state, true);
        return;
      }
      synced.current = url;
      if (!same(url, state)) latestApply.current(url);
      return;
    }
    if (!same(url, synced.current)) {
      // The URL moved (Back, Forward, a link): the store follows.
      synced.current = url;
      if (!same(url, state)) latestApply.current(url);
    } else if (!same(state, synced.current)) {
      // The store moved: a new history entry, so Back returns to the previous filters.
      synced.current = state;
      write(state, false);
    }
  }, [urlKey, currentKey, setParams]);
}
