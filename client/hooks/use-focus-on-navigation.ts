import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { focusHeading } from '../lib/focus-heading';

const POLL_MS = 50;
const WAIT_MS = 2000;

/** The page's heading, once it is on screen. */
const visibleHeading = (container: HTMLElement | null) => {
  const heading = container?.querySelector<HTMLElement>('h1');
  return heading && heading.getClientRects().length > 0 ? heading : null;
};

/** Calls `found` with what `look` finds, looking every 50 ms for up to 2 s (null then); returns a cancel. */
function lookFor<T>(look: () => T | null, found: (value: T | null) => void) {
  let waited = 0;
  const timer = setInterval(() => {
    const value = look();
    waited += POLL_MS;
    if (value === null && waited < WAIT_MS) return;
    clearInterval(timer);
    found(value);
  }, POLL_MS);
  return () => clearInterval(timer);
}

/**
 * A page reached inside the app takes the focus to its heading, where a page load would start a screen
 * reader: otherwise the focus stays on the link that was pressed, or falls to the page's body, and
 * nothing says that the page changed. Not on the first page, not when the page has put the focus in
 * itself already (an autofocused field), and not to an address with a fragment (useHashScroll).
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const [location] = useLocation();
  // The heading of the page on screen: the page left may still show for a moment while the next one
  // loads, or the next one may show at once; only a heading other than this one is the new page's.
  const shown = useRef<HTMLElement | null>(null);
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      shown.current = visibleHeading(main.current);
      if (shown.current) return;
      return lookFor(
        () => visibleHeading(main.current),
        (heading) => (shown.current = heading),
      );
    }
    if (window.location.hash) return;
    const previous = shown.current;
    return lookFor(
      () => {
        const heading = visibleHeading(main.current);
        return heading && heading !== previous ? heading : null;
      },
      (heading) => {
        const container = main.current;
        if (!container) return;
        shown.current = heading;
        focusHeading(container, heading, { preventScroll: true });
      },
    );
  }, [location, main]);
}
