import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** The id the address's fragment names: percent-decoded, or as written when it is not valid escapes (`#50%`). */
function fragmentId(): string {
  const fragment = window.location.hash.slice(1);
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** Scrolls smoothly to the element the address's fragment names; returns a way to stop looking for it. */
function scrollToFragment(): () => void {
  const id = fragmentId();
  if (!id) return () => undefined;
  let tries = 0;
  // The target may be in a lazily loaded page: look for it for a moment.
  const timer = setInterval(() => {
    const element = document.getElementById(id);
    if (element || ++tries > 20) {
      clearInterval(timer);
      // Smoothly (SPEC section 4), unless the system asks for less motion.
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      element?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    }
  }, 50);
  return () => clearInterval(timer);
}

/** The Navigation API's navigate event, as far as it is used here (TypeScript's DOM types lack it). */
interface NavigateEvent extends Event {
  hashChange: boolean;
  canIntercept: boolean;
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  intercept(options: { scroll: 'manual'; handler: () => Promise<void> }): void;
}

/** Navigating to an address with a fragment scrolls smoothly to the element with that id (SPEC section 2). */
export function useHashScroll() {
  const [location] = useLocation();
  // Another page, or the first: wouter's location is the path, so it changes here.
  useEffect(() => scrollToFragment(), [location]);
  // Only the fragment changes (typed in the address bar, a link to #id): the browser would jump there.
  // Where it lets the app take that scroll over (the Navigation API), it is smooth too. Back and Forward
  // keep the browser's own: they return to where the reader was.
  useEffect(() => {
    const navigation = (window as { navigation?: EventTarget }).navigation;
    if (!navigation) return;
    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEvent;
      if (!navigate.hashChange || !navigate.canIntercept || navigate.navigationType === 'traverse') return;
      navigate.intercept({ scroll: 'manual', handler: async () => void scrollToFragment() });
    };
    navigation.addEventListener('navigate', onNavigate);
    return () => navigation.removeEventListener('navigate', onNavigate);
  }, []);
}
