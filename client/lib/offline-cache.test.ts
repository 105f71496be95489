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
const isSignedIn = (client: QueryClient) => {
  const session = client.getQueryData<{ user: unknown }>(SESSION);
  return session === undefined ? undefined : !!session.user;
};

/** A page that loaded a signed-in user's books, then closed. */
function pageThatLoadedBooks(storage: Storage, now = () => Date.now()) {
  const client = new QueryClient();
  const cache = keepOfflineCache(client, { storage, isOnline: () => true, isSignedIn, now });
  client.setQueryData(SESSION, { user: { id: 1, displayName: 'Rita Reader' } });
  client.setQueryData(BOOKS, [{ title: 'Dune', rentedAt }]);
  cache.flush();
  return client;
}

afterEach(() => onlineManager.setOnline(true));

describe('the offline copy of loaded data', () => {
  it('opens offline with the data the page last had, dates intact', () => {
    const storage = new MemoryStorage();
    pageThatLoadedBooks(storage);

    const reopened = new QueryClient();
    keepOfflineCache(reopened, { storage, isOnline: () => false, isSignedIn });
    expect(reopened.getQueryData(BOOKS)).toEqual([{ title: 'Dune', rentedAt }]);
    expect((reopened.getQueryData(BOOKS) as { rentedAt: Date }[])[0].rentedAt).toBeInstanceOf(Date);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('opens online without it: online pages load fresh data', () => {
    const storage = new MemoryStorage();
    pageThatLoadedBooks(storage);
    const reopened = new QueryClient();
    keepOfflineCache(reopened, { storage, isOnline: () => true, isSignedIn });
    expect(reopened.getQueryData(BOOKS)).toBeUndefined();
  });

  it('refetches what it restored once the connection returns', async () => {
    const storage = new MemoryStorage();
    pageThatLoadedBooks(storage);
    const reopened = new QueryClient();
    keepOfflineCache(reopened, { storage, isOnline: () => false, isSignedIn });
    expect(reopened.getQueryState(BOOKS)?.isInvalidated).toBe(false);
    onlineManager.setOnline(true);
    await Promise.resolve();
    expect(reopened.getQueryState(BOOKS)?.isInvalidated).toBe(true);
  });

  it('keeps nothing once the user signs out', () => {
    const storage = new MemoryStorage();
    const client = new QueryClient();
    const cache = keepOfflineCache(client, { storage, isOnline: () => true, isSignedIn });
    client.setQueryData(SESSION, { user: { id: 1 } });
    client.setQueryData(BOOKS, [{ title: 'Dune' }]);
    cache.flush();
    expect(storage.getItem(OFFLINE_CACHE_KEY)).not.toBeNull();
    client.setQueryData(SESSION, { user: null });
    cache.flush();
    expect(storage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  });

  it('removes the copy the moment the user signs out, not at the next save', () => {
    const storage = new MemoryStorage();
    const client = pageThatLoadedBooks(storage);
    expect(storage.getItem(OFFLINE_CACHE_KEY)).not.toBeNull();
    client.setQueryData(SESSION, { user: null });
    expect(storage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  });

  it('ignores a copy older than a week, and an unreadable one', () => {
    const storage = new MemoryStorage();
    const savedAt = Date.now();
    pageThatLoadedBooks(storage, () => savedAt);
    const later = new QueryClient();
    keepOfflineCache(later, { storage, isOnline: () => false, isSignedIn, now: () => savedAt + OFFLINE_CACHE_MAX_AGE_MS + 1 });
    expect(later.getQueryData(BOOKS)).toBeUndefined();

    storage.setItem(OFFLINE_CACHE_KEY, '{not json');
    const broken = new QueryClient();
    expect(() => keepOfflineCache(broken, { storage, isOnline: () => false, isSignedIn })).not.toThrow();
    expect(broken.getQueryData(BOOKS)).toBeUndefined();
  });
});
