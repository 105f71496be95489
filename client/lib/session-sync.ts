import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../trpc';

/** A key of local storage that a tab writes when its session changes hands (a sign-in, a logout), for the browser's other tabs. */
export const SESSION_CHANGED_KEY = 'scroll-library.session-changed';

const sessionKey = () => getQueryKey(trpc.auth.session, undefined, 'query');

export function sessionUser(client: QueryClient): { id: number } | null | undefined {
  const session = client.getQueryData<{ user: { id: number } | null }>(sessionKey());
  return session === undefined ? undefined : session.user;
}

/**
 * Drops every cached answer but the session's: they were someone else's (a shared device, the kiosk's
 * terminal), and lists such as My Rentals are cached under the library alone.
 */
export function forgetOtherUsersData(client: QueryClient) {
  const key = JSON.stringify(sessionKey()[0]);
  client.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey[0]) !== key });
}

/** Tells the browser's other tabs that the session changed hands here. */
export function announceSessionChange(storage: Storage = window.localStorage) {
  try {
    storage.setItem(SESSION_CHANGED_KEY, String(Date.now()));
  } catch {
    // Storage unavailable: other tabs learn it from their next call's 401.
  }
}

const isUnauthorized = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code === 'UNAUTHORIZED';

const readSessionChange = (storage: Pick<Storage, 'getItem'>) => {
  try {
    return storage.getItem(SESSION_CHANGED_KEY);
  } catch {
    return null;
  }
};

/**
 * Keeps a tab's idea of who is signed in true to the server. When another tab of this browser signs in or
 * out, or a call answers 401 while this tab thinks someone is signed in (the session ended elsewhere, or
 * expired), the tab forgets the user and all their data at once, as a logout does (and so the offline copy
 * goes too), then asks the server who is signed in now. So does a page the browser brings back from its
 * back/forward cache when the session changed hands while it was away: there it heard no storage event.
 */
export function followSessionChanges(
  client: QueryClient,
  target: Pick<Window, 'addEventListener'> = window,
  storage: Pick<Storage, 'getItem'> = window.localStorage,
) {
  const forgetSession = () => {
    forgetOtherUsersData(client);
    client.setQueryData(sessionKey(), { user: null });
    void client.invalidateQueries({ queryKey: sessionKey() });
  };
  target.addEventListener('storage', (event) => {
    if ((event as StorageEvent).key === SESSION_CHANGED_KEY) forgetSession();
  });
  // What the page knew of the session's changes as it was hidden; a page kept in the cache cannot write it meanwhile.
  let changeWhenHidden: string | null = null;
  target.addEventListener('pagehide', () => {
    changeWhenHidden = readSessionChange(storage);
  });
  target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted && readSessionChange(storage) !== changeWhenHidden) forgetSession();
  });
  const onFailure = (error: unknown) => {
    if (isUnauthorized(error) && sessionUser(client)) forgetSession();
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onFailure(event.action.error);
  });
  client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onFailure(event.action.error);
  });
}
