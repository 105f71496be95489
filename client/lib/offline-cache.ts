import { dehydrate, type DehydratedState, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import { isOnline as deviceIsOnline, onConnectionChange } from './connection';

export const OFFLINE_CACHE_KEY = 'scroll-library.offline-cache';
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const SAVE_DELAY_MS = 1_000;

interface Snapshot {
  savedAt: number;
  state: DehydratedState;
}

interface OfflineCacheOptions {
  storage?: Storage;
  isOnline?: () => boolean;
  /** Whether someone is signed in: true, false, or undefined while unknown. */
  isSignedIn: (client: QueryClient) => boolean | undefined;
  now?: () => number;
}

function read(storage: Storage, now: number): Snapshot | null {
  try {
    const saved = storage.getItem(OFFLINE_CACHE_KEY);
    const snapshot = saved ? superjson.parse<Snapshot>(saved) : null;
    return snapshot && now - snapshot.savedAt <= OFFLINE_CACHE_MAX_AGE_MS ? snapshot : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a copy of the loaded data (superjson, so dates stay dates) in local storage. A page opened
 * without a connection starts from that copy, read-only, and refetches everything once the connection
 * returns. Online, the app starts fresh as always. Signing out removes the copy: nothing of one
 * person's data stays on a shared device.
 */
export function keepOfflineCache(client: QueryClient, options: OfflineCacheOptions) {
  const { storage = window.localStorage, isOnline = deviceIsOnline, isSignedIn, now = Date.now } = options;

  onlineManager.setOnline(isOnline());
  const snapshot = isOnline() ? null : read(storage, now());
  if (snapshot) {
    hydrate(client, snapshot.state);
    const stop = onConnectionChange((online) => {
      if (!online) return;
      stop();
      void client.invalidateQueries();
    });
  }

  const save = () => {
    const signedIn = isSignedIn(client);
    if (signedIn === undefined) return;
    try {
      if (!signedIn) storage.removeItem(OFFLINE_CACHE_KEY);
      else storage.setItem(OFFLINE_CACHE_KEY, superjson.stringify({ savedAt: now(), state: dehydrate(client) } satisfies Snapshot));
    } catch {
      // Storage full or unavailable: the app still works, only without an offline copy.
    }
  };

  let pending: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(pending);
    pending = undefined;
    save();
  };
  client.getQueryCache().subscribe(() => {
    // Signed out, the copy goes at once: a page killed within the save's delay would leave it for the next person.
    if (isSignedIn(client) === false) flush();
    else pending ??= setTimeout(flush, SAVE_DELAY_MS);
  });
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);

  return { flush };
}
