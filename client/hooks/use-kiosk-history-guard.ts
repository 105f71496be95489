import { useEffect } from 'react';

/**
 * A kiosk is a shared terminal: the browser's Back must not take a patron to the pages behind it (the
 * staff member's dashboard, with every member's name and email). While the kiosk runs, the history holds
 * one more entry of the kiosk's own address; Back lands on it, a page the kiosk already shows, and the
 * entry is put back at once. Staff leave the kiosk by the address bar.
 */
export function useKioskHistoryGuard() {
  useEffect(() => {
    const guard = () => window.history.pushState({ kioskGuard: true }, '', window.location.href);
    guard();
    const onPopState = (event: PopStateEvent) => {
      if (!(event.state as { kioskGuard?: boolean } | null)?.kioskGuard) guard();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
