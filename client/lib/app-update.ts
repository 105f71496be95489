import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app waits to take over (told by UpdatePrompt, which registers the service
 * worker), for the places that apply it themselves: a kiosk has no one to press Update, and applies it when
 * no patron is using it (KioskPhoneScreen).
 */
let updateWaiting = false;
const listeners = new Set<() => void>();

/** A new version waits; it does until the page reloads into it. */
export function setUpdateWaiting() {
  updateWaiting = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useUpdateWaiting = () => useSyncExternalStore(subscribe, () => updateWaiting, () => false);

/**
 * Tells the waiting worker to take over, then reloads once it controls the page, through the browser's
 * own API: workbox-window's instance sometimes did neither when the app started after the page's first
 * paint (it took the new worker for someone else's). When another tab applied it already, none waits:
 * the page reloads at once.
 */
export async function applyUpdate() {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  registration.waiting.postMessage({ type: 'SKIP_WAITING' });
}
