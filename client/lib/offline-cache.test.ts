import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { keepOfflineCache, OFFLINE_CACHE_KEY, OFFLINE_CACHE_MAX_AGE_MS } from './offline-cache';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const SESSION = ['session'];
const BOOKS = ['books', { libraryId: 1 }];
const rentedAt = new Date('2025-03-01T10:00:00Z');
const PROFILE = ['rentals', 'mineEverywhere'];
const signedInAs = (client: QueryClient) => {
  const session = client.getQueryData<{ user: { id: number } | null }>(SESSION);
  return session === undefined ? undefined : (session.user?.id ?? null);
};

type Clock = () => number;

/** A page load, online, of the user `userId`, that read `reads` (a key and its data each) at `now`, then saved them. */
function pageThatLoaded(storage: Storage, userId: number, reads: [unknown[], unknown][], now: Clock = Date.now) {
  const client = new QueryClient();
  const cache = keepOfflineCache(client, { storage, isOnline: () => true, signedInAs, now });
  client.setQueryData(SESSION, { user: { id: userId } });
  for (const [key, data] of reads) client.setQueryData(key, data, { updatedAt: now() });
  cache.flush();
  return { client, cache };
}

/** A page that loaded a signed-in user's books, then saved them. */
const pageThatLoadedBooks = (storage: Storage, now?: Clock) => pageThatLoaded(storage, 1, [[BOOKS, [{ title: 'Dune', rentedAt }]]], now);

/** A page opened offline from the copy. */
function openedOffline(storage: Storage, now?: Clock) {
  const client = new QueryClient();
  keepOfflineCache(client, { storage, isOnline: () => false, signedInAs, now });
  return client;
}

afterEach(() => onlineManager.setOnline(true));

describe('the offline copy of loaded data', () => {
  it('opens offline with the data the page last had, dates intact', () => {
    const storage = new MemoryStorage();
    pageThatLoadedBooks(storage);

    const reopened = openedOffline(storage);
    expect(reopened.getQueryData(BOOKS)).toEqual([{ title: 'Dune', rentedAt }]);
    expect((reopened.getQueryData(BOOKS) as { rentedAt: Date }[])[0].rentedAt).toBeInstanceOf(Date);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('opens online without it: online pages load fresh data', () => {
    const storage = new MemoryStorage();
    pageThatLoadedBooks(storage);
    const reopened = new QueryClient();
    keepOfflineCache(reopened, { storage, isOnline: () => true, signedInAs });
    expect(reopened.getQueryData(BOOKS)).toBeUndefined();
  });

  it('refetches what it restored once the connection returns', async () => {
    const storage = new MemoryStorage();
    pageThatLoadedBooks(storage);
    const reopened = openedOffline(storage);
    expect(reopened.getQueryState(BOOKS)?.isInvalidated).toBe(false);
    onlineManager.setOnline(true);
    await Promise.resolve();
    expect(reopened.getQueryState(BOOKS)?.isInvalidated).toBe(true);
  });

  it('removes the copy the moment the user signs out, and saves none after', () => {
    const storage = new MemoryStorage();
    const { client, cache } = pageThatLoadedBooks(storage);
    expect(storage.getItem(OFFLINE_CACHE_KEY)).not.toBeNull();
    client.setQueryData(SESSION, { user: null });
    expect(storage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
    cache.flush();
    expect(storage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  });

  it('ignores a copy older than a week, and an unreadable one', () => {
    const storage = new MemoryStorage();
    const savedAt = Date.now();
    pageThatLoadedBooks(storage, () => savedAt);
    expect(openedOffline(storage, () => savedAt + OFFLINE_CACHE_MAX_AGE_MS + 1).getQueryData(BOOKS)).toBeUndefined();

    storage.setItem(OFFLINE_CACHE_KEY, '{not json');
    const broken = new QueryClient();
    expect(() => keepOfflineCache(broken, { storage, isOnline: () => false, signedInAs })).not.toThrow();
    expect(broken.getQueryData(BOOKS)).toBeUndefined();
  });

  it("keeps what earlier page loads saved beside this one's: a reload of the profile does not drop the dashboard's books", () => {
    const storage = new MemoryStorage();
    pageThatLoaded(storage, 1, [[BOOKS, [{ title: 'Dune', rentedAt }]]]);
    pageThatLoaded(storage, 1, [[PROFILE, [{ title: 'Emma' }]]]);
    // Read again by a later load, a read is saved as that load has it.
    pageThatLoaded(storage, 1, [[PROFILE, [{ title: 'Emma' }, { title: 'Kindred' }]]]);
    const offline = openedOffline(storage);
    expect(offline.getQueryData(BOOKS)).toEqual([{ title: 'Dune', rentedAt }]);
    expect(offline.getQueryData(PROFILE)).toEqual([{ title: 'Emma' }, { title: 'Kindred' }]);
  });

  it("never writes one user's earlier data under another's, nor keeps it past a sign-out", () => {
    const storage = new MemoryStorage();
    pageThatLoaded(storage, 1, [[BOOKS, [{ title: 'Dune' }]]]);
    // Signed in as someone else meanwhile (another tab signed out and in): only their own reads are kept.
    pageThatLoaded(storage, 2, [[PROFILE, [{ title: 'Emma' }]]]);
    expect(openedOffline(storage).getQueryData(BOOKS)).toBeUndefined();

    const storage2 = new MemoryStorage();
    pageThatLoaded(storage2, 1, [[BOOKS, [{ title: 'Dune' }]]]);
    const client = new QueryClient();
    const cache = keepOfflineCache(client, { storage: storage2, isOnline: () => true, signedInAs });
    client.setQueryData(SESSION, { user: null });
    client.setQueryData(SESSION, { user: { id: 1 } });
    client.setQueryData(PROFILE, [{ title: 'Emma' }]);
    cache.flush();
    expect(openedOffline(storage2).getQueryData(BOOKS)).toBeUndefined();
    expect(openedOffline(storage2).getQueryData(PROFILE)).toEqual([{ title: 'Emma' }]);
  });

  it('an online start does not read the saved copy: it is read once, at the first save', () => {
    const storage = new MemoryStorage();
    pageThatLoaded(storage, 1, [[BOOKS, [{ title: 'Dune' }]]]);
    let reads = 0;
    const counted = Object.assign(Object.create(storage) as Storage, { getItem: (key: string) => (reads++, storage.getItem(key)) });
    const client = new QueryClient();
    const cache = keepOfflineCache(client, { storage: counted, isOnline: () => true, signedInAs });
    expect(reads).toBe(0);
    client.setQueryData(SESSION, { user: { id: 1 } });
    cache.flush();
    cache.flush();
    expect(reads).toBe(1);
    expect(openedOffline(storage).getQueryData(BOOKS)).toEqual([{ title: 'Dune' }]);
  });

  it("never carries a kiosk patron's reads into a later load: a reload during their round leaves nothing of theirs", () => {
    const storage = new MemoryStorage();
    const patronRentals = ['rentals', 'list', { input: { libraryId: 1, customerId: 4 } }];
    pageThatLoaded(storage, 1, [[patronRentals, [{ title: 'Dune' }]], [BOOKS, [{ title: 'Dune' }]]]);
    pageThatLoaded(storage, 1, [[PROFILE, [{ title: 'Emma' }]]]);
    const offline = openedOffline(storage);
    expect(offline.getQueryData(patronRentals)).toBeUndefined();
    expect(offline.getQueryData(BOOKS)).toEqual([{ title: 'Dune' }]);
  });

  it("keeps a search's answers only for the load that asked them, and nothing older than a week", () => {
    const storage = new MemoryStorage();
    const searched = ['books', { libraryId: 1, search: 'dun' }];
    const start = Date.now();
    pageThatLoaded(storage, 1, [[searched, [{ title: 'Dune' }]], [BOOKS, [{ title: 'Dune' }]]], () => start);
    expect(openedOffline(storage).getQueryData(searched)).toEqual([{ title: 'Dune' }]);

    const later = start + OFFLINE_CACHE_MAX_AGE_MS / 2 + 1;
    pageThatLoaded(storage, 1, [], () => later);
    const reopened = openedOffline(storage, () => later);
    expect(reopened.getQueryData(searched)).toBeUndefined();
    expect(reopened.getQueryData(BOOKS)).toEqual([{ title: 'Dune' }]);

    const weekLater = start + OFFLINE_CACHE_MAX_AGE_MS + 1;
    pageThatLoaded(storage, 1, [], () => weekLater);
    expect(openedOffline(storage, () => weekLater).getQueryData(BOOKS)).toBeUndefined();
  });
});
