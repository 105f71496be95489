import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it, vi } from 'vitest';
import { trpc } from '../trpc';
import { ACCOUNT_CHANGED_KEY, followSessionChanges, SESSION_CHANGED_KEY, sessionUser } from './session-sync';

/** A window's events, fired by hand: what the browser sends a page as it leaves and as it comes back. */
function fakeWindow() {
  const listeners = new Map<string, ((event: Event) => void)[]>();
  return {
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    fire: (type: string, fields: object = {}) => listeners.get(type)?.forEach((listener) => listener(Object.assign(new Event(type), fields))),
  };
}

const BOOKS = ['books.list', { input: { libraryId: 1 }, type: 'query' }];

function signedInTab() {
  const client = new QueryClient();
  client.setQueryData(getQueryKey(trpc.auth.session, undefined, 'query'), { user: { id: 1 } });
  client.setQueryData(BOOKS, ['a book of user 1']);
  const items = new Map<string, string>([[SESSION_CHANGED_KEY, '100']]);
  const storage = { getItem: (key: string) => items.get(key) ?? null };
  const page = fakeWindow();
  followSessionChanges(client, page as unknown as Window, storage);
  return { client, items, page };
}

describe('a page back from the back/forward cache', () => {
  it('forgets the user and their data when the session changed hands while it was away', () => {
    const { client, items, page } = signedInTab();
    page.fire('pagehide', { persisted: true });
    // Another page of the browser logs out (or someone else signs in) meanwhile.
    items.set(SESSION_CHANGED_KEY, '200');
    page.fire('pageshow', { persisted: true });
    expect(sessionUser(client)).toBeNull();
    expect(client.getQueryData(BOOKS)).toBeUndefined();
  });

  it('keeps them when nothing changed, as it does for a page loaded anew', () => {
    const { client, page } = signedInTab();
    page.fire('pagehide', { persisted: true });
    page.fire('pageshow', { persisted: true });
    expect(sessionUser(client)).toEqual({ id: 1 });
    expect(client.getQueryData(BOOKS)).toEqual(['a book of user 1']);

    const fresh = signedInTab();
    fresh.items.set(SESSION_CHANGED_KEY, '300');
    fresh.page.fire('pageshow', { persisted: false });
    expect(sessionUser(fresh.client)).toEqual({ id: 1 });
  });
});

describe('another tab changes the account', () => {
  it('reads the libraries the account may see, then the account, and keeps the data', async () => {
    const { client, page } = signedInTab();
    const asked: string[] = [];
    let answerLibraries = () => {};
    const librariesKey = getQueryKey(trpc.libraries.list, undefined, 'query');
    const sessionKey = getQueryKey(trpc.auth.session, undefined, 'query');
    client.setQueryDefaults(librariesKey, {
      queryFn: () => {
        asked.push('libraries');
        return new Promise((resolve) => (answerLibraries = () => resolve([])));
      },
    });
    client.setQueryDefaults(sessionKey, { queryFn: async () => (asked.push('session'), { user: { id: 1, role: 'library_admin' } }) });
    client.setQueryData(librariesKey, [{ id: 1, name: 'Central Library' }]);
    // Observed, as a dashboard on screen observes them: only those are read again at once.
    const unsubscribe = [librariesKey, sessionKey].map((queryKey) => new QueryObserver(client, { queryKey, staleTime: Infinity }).subscribe(() => {}));

    page.fire('storage', { key: ACCOUNT_CHANGED_KEY });
    await vi.waitFor(() => expect(asked).toEqual(['libraries']));
    // The account is not asked for while the libraries it may see are still on their way.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(['libraries']);
    answerLibraries();
    await vi.waitFor(() => expect(asked).toEqual(['libraries', 'session']));
    await vi.waitFor(() => expect(sessionUser(client)).toEqual({ id: 1, role: 'library_admin' }));
    expect(client.getQueryData(BOOKS)).toEqual(['a book of user 1']);
    unsubscribe.forEach((stop) => stop());
  });
});
