import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A page reached inside the app takes the focus to its heading, where a page load would start a screen
 * reader: otherwise the focus stays on the link that was pressed, or falls to the page's body, and
 * nothing says that the page changed. Not on the first page, not when the page has put the focus in
 * itself already (an autofocused field), and not to an address with a fragment (useHashScroll).
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const [location] = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (window.location.hash) return;
    // The page left may still be on screen for a moment, while the new one's chunk loads.
    const previous = main.current?.querySelector('h1');
    let tries = 0;
    // Look for the new page's heading for a moment.
    const timer = setInterval(() => {
      const container = main.current;
      const found = container?.querySelector<HTMLElement>('h1');
      const heading = found && found !== previous ? found : null;
      if (!container || (!heading && ++tries < 40)) return;
      clearInterval(timer);
      const active = document.activeElement;
      if (active && active !== container && container.contains(active)) return;
      const target = heading ?? container;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }, 50);
    return () => clearInterval(timer);
  }, [location, main]);
}
