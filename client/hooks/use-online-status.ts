import { useSyncExternalStore } from 'react';
import { isOnline, onConnectionChange } from '../lib/connection';

const subscribe = (onChange: () => void) => onConnectionChange(() => onChange());

/** Whether the device is online (lib/connection.ts), following it as it changes. */
export function useOnlineStatus() {
  // A prerendered page is served online; the browser's own state follows once the app runs.
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
