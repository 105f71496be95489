import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Navigating to an address with a fragment scrolls smoothly to the element with that id. */
export function useHashScroll() {
  const [location] = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    let tries = 0;
    // The target may be in a lazily loaded page: look for it for a moment.
    const timer = setInterval(() => {
      const element = document.getElementById(id);
      if (element || ++tries > 20) {
        clearInterval(timer);
        element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    }, 50);
    return () => clearInterval(timer);
  }, [location]);
}
