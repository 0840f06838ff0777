import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a list asks the server (UX.md "Lists": search is debounced). */
export const SEARCH_DELAY_MS = 300;

/**
 * A list's search box: the text as typed, handed to `apply` once typing pauses. `applied` is the
 * search the list holds now (the box starts with it; typing back to it asks nothing).
 */
export function useSearchBox(applied: string, apply: (search: string) => void, delayMs: number = SEARCH_DELAY_MS): [string, (text: string) => void] {
  const [text, setText] = useState(applied);
  // The newest `apply` without restarting the pause on every render (pages pass a new closure each time).
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  // The list's search changed from elsewhere (Back restored an older one): the box shows it.
  useEffect(() => setText(applied), [applied]);
  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => latest.current(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, applied, delayMs]);
  return [text, setText];
}
