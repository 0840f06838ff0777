import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a client-side navigation, move focus to the page heading so screen-reader and keyboard
 * users start at the new page instead of the link they left. Not on the first load.
 */
export function useFocusOnNavigate(headingId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // After paint, so the new page's title is in place.
    const frame = requestAnimationFrame(() => document.getElementById(headingId)?.focus({ preventScroll: false }));
    return () => cancelAnimationFrame(frame);
  }, [pathname, headingId]);
}
