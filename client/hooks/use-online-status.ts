import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network connection, following its online and offline events. */
export function useOnlineStatus() {
  // A prerendered page is served online; the browser's own state follows once the app runs.
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
