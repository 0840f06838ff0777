import { useEffect, useRef } from 'react';

/**
 * Calls `tick` every `intervalMs` while `active`: a running job's progress, a list while one of its
 * rows works. It stops when `active` turns false or the component unmounts. Each tick calls the
 * latest `tick` handed in, so it may close over state and need not be memoised; a new `tick` does
 * not restart the interval.
 */
export function usePolling(active: boolean, tick: () => void, intervalMs: number): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
}
