import { dehydrate, type DehydratedState, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import { isOnline as deviceIsOnline, onConnectionChange } from './connection';

export const OFFLINE_CACHE_KEY = 'scroll-library.offline-cache';
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const SAVE_DELAY_MS = 1_000;

interface Snapshot {
  savedAt: number;
  /** Whose data it is (absent from copies saved before it was kept). */
  userId?: number;
  state: DehydratedState;
}

interface OfflineCacheOptions {
  storage?: Storage;
  isOnline?: () => boolean;
  /** Who is signed in: their id, null when no one is, or undefined while unknown. */
  signedInAs: (client: QueryClient) => number | null | undefined;
  now?: () => number;
}

type SavedQuery = DehydratedState['queries'][number];

/**
 * Not kept past the page load that asked them: a search's answers (there are as many as searches typed, and the
 * copy must fit in local storage), and one customer's reads asked by staff (a patron's rentals at the kiosk,
 * whose round may end in a reload: nothing of theirs stays on the terminal, KioskSession's useForgetPatron).
 * Every other read (the libraries, a library's books, one's own rentals) is.
 */
const keptAcrossLoads = (query: SavedQuery) => !/"(search|customerId)":/.test(JSON.stringify(query.queryKey));

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
 * returns. Online, the app starts fresh as always, and the copy keeps what earlier page loads saved beside
 * what this one loads: reloading the profile does not drop the dashboard's books, which the dashboard,
 * opened offline later, shows. Only the same user's, for a week. Signing out removes the copy: nothing of
 * one person's data stays on a shared device.
 */
export function keepOfflineCache(client: QueryClient, options: OfflineCacheOptions) {
  const { storage = window.localStorage, isOnline = deviceIsOnline, signedInAs, now = Date.now } = options;

  onlineManager.setOnline(isOnline());
  const snapshot = isOnline() ? null : read(storage, now());
  /**
   * What earlier page loads saved, and whose: read at this load's first save, not as the page starts online
   * (the copy may run to hundreds of KB, parsed on the main thread), then this load's own reads left out as they
   * come (each saved as it is now).
   */
  let earlier: { userId: number | undefined; queries: SavedQuery[] } | undefined = snapshot
    ? { userId: snapshot.userId, queries: snapshot.state.queries.filter(keptAcrossLoads) }
    : undefined;
  const earlierReads = () => {
    if (!earlier) {
      const saved = read(storage, now());
      earlier = { userId: saved?.userId, queries: saved?.userId === undefined ? [] : saved.state.queries.filter(keptAcrossLoads) };
    }
    return earlier;
  };
  if (snapshot) {
    hydrate(client, snapshot.state);
    const stop = onConnectionChange((online) => {
      if (!online) return;
      stop();
      void client.invalidateQueries();
    });
  }

  const save = () => {
    const userId = signedInAs(client);
    if (userId === undefined) return;
    try {
      if (userId === null) {
        earlier = { userId: undefined, queries: [] };
        storage.removeItem(OFFLINE_CACHE_KEY);
        return;
      }
      const state = dehydrate(client);
      const own = new Set(state.queries.map((query) => query.queryHash));
      const weekAgo = now() - OFFLINE_CACHE_MAX_AGE_MS;
      // Another user's earlier data (signed in elsewhere meanwhile) is never written under this one.
      const { userId: earlierUser, queries } = earlierReads();
      const kept = earlierUser === userId ? queries.filter((query) => !own.has(query.queryHash) && query.state.dataUpdatedAt >= weekAgo) : [];
      earlier = { userId, queries: kept };
      const merged = { ...state, queries: [...state.queries, ...kept] };
      storage.setItem(OFFLINE_CACHE_KEY, superjson.stringify({ savedAt: now(), userId, state: merged } satisfies Snapshot));
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
    if (signedInAs(client) === null) flush();
    else pending ??= setTimeout(flush, SAVE_DELAY_MS);
  });
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);

  return { flush };
}
