import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Room for the table's own vertical scrollbar and borders. */
const GUTTER_PX = 18;

/**
 * Column widths for a Blueprint Table2 that share the width its box has, so no screen needs
 * sideways scrolling (which keyboard and magnifier users reach badly, and which hid the intents
 * list's Edit and Delete). `base` gives the proportions; each column keeps at least `minScale` of
 * its base width and grows to at most `maxScale`. Give the returned ref to the element around the table.
 */
export function useFittedColumns(
  base: readonly number[],
  options: { minScale?: number; maxScale?: number; /** Columns that keep their width (a checkbox, the row's buttons). */ fixed?: readonly number[] } = {},
): [(element: HTMLDivElement | null) => void, number[]] {
  const { minScale = 0.5, maxScale = 1.6 } = options;
  const fixedKey = (options.fixed ?? []).join(',');
  // A callback ref: the table's box may appear only once its rows have loaded.
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [widths, setWidths] = useState<number[]>([...base]);
  const key = base.join(',');

  useEffect(() => {
    const fixed = new Set(fixedKey ? fixedKey.split(',').map(Number) : []);
    const fixedTotal = base.reduce((sum, w, i) => sum + (fixed.has(i) ? w : 0), 0);
    const total = base.reduce((a, b) => a + b, 0) - fixedTotal;
    if (!element || total <= 0 || typeof ResizeObserver === 'undefined') {
      setWidths([...base]);
      return;
    }
    const fit = () => {
      const available = element.clientWidth - GUTTER_PX - fixedTotal;
      if (available <= 0) return;
      const scale = Math.min(maxScale, Math.max(minScale, available / total));
      const next = base.map((w, i) => (fixed.has(i) ? w : Math.floor(w * scale)));
      // Now, not in a later task: the observer reports after layout and before paint, so the frame
      // is painted with the fitted widths (the browser lays the changed table out again first).
      flushSync(() => setWidths((current) => (current.length === next.length && current.every((w, i) => w === next[i]) ? current : next)));
    };
    // The observer's first report is the first fit: measuring here, as the table mounts, would lay
    // the whole page out inside React's commit (8 ms of a 45 ms task on /intents, at a phone's 4×).
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
    // `key` stands for `base` (a new array each render is the same widths).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element, key, fixedKey, minScale, maxScale]);

  return [setElement, widths];
}
