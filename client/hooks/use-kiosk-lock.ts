import { useEffect } from 'react';
import { holdKiosk, releaseKiosk } from '../lib/kiosk-lock';

/** Holds the browser's history to the kiosk while its session is on screen (lib/kiosk-lock.ts). */
export function useKioskLock() {
  useEffect(() => {
    holdKiosk(window.location.pathname + window.location.search);
    return releaseKiosk;
  }, []);
}
