import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { NOT_LIBRARY_STAFF } from '../../shared/accounts';
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

/**
 * A key of local storage that a tab writes when the signed-in account itself changes here (an upgrade to
 * library admin, a new name or email, a library's staff joined or left), the same person still signed in.
 */
export const ACCOUNT_CHANGED_KEY = 'scroll-library.account-changed';

function announce(key: string, storage: Storage) {
  try {
    storage.setItem(key, String(Date.now()));
  } catch {
    // Storage unavailable: other tabs learn it from their next call's 401, or their next load.
  }
}

/** Tells the browser's other tabs that the session changed hands here. */
export const announceSessionChange = (storage: Storage = window.localStorage) => announce(SESSION_CHANGED_KEY, storage);

/** Tells the browser's other tabs that the signed-in account changed here. */
export const announceAccountChange = (storage: Storage = window.localStorage) => announce(ACCOUNT_CHANGED_KEY, storage);

const isUnauthorized = (error: unknown) => (error as { data?: { code?: string } } | null)?.data?.code === 'UNAUTHORIZED';

const isStaffAccessLost = (error: unknown) => {
  const { message, data } = (error ?? {}) as { message?: string; data?: { code?: string } };
  return data?.code === 'FORBIDDEN' && message === NOT_LIBRARY_STAFF;
};

const readSessionChange = (storage: Pick<Storage, 'getItem'>) => {
  try {
    return storage.getItem(SESSION_CHANGED_KEY);
  } catch {
    return null;
  }
};

/**
 * The same person, their account changed elsewhere: what it may see is read first (a library admin sees only
 * the libraries they staff), then the account, so the new role never shows over the old role's libraries.
 */
export async function rereadAccount(client: QueryClient) {
  await client.invalidateQueries({ queryKey: getQueryKey(trpc.libraries.list) });
  // An invitation to a library's staff answered elsewhere goes with it.
  await client.invalidateQueries({ queryKey: getQueryKey(trpc.staff.myInvitations) });
  await client.invalidateQueries({ queryKey: sessionKey() });
}

/**
 * Keeps a tab's idea of who is signed in true to the server. When another tab of this browser signs in or
 * out, or a call answers 401 while this tab thinks someone is signed in (the session ended elsewhere, or
 * expired), the tab forgets the user and all their data at once, as a logout does (and so the offline copy
 * goes too), then asks the server who is signed in now. So does a page the browser brings back from its
 * back/forward cache when the session changed hands while it was away: there it heard no storage event.
 * When another tab changes the account itself, the tab reads it again, keeping its data.
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
    const { key } = event as StorageEvent;
    if (key === SESSION_CHANGED_KEY) forgetSession();
    else if (key === ACCOUNT_CHANGED_KEY) void rereadAccount(client);
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
    // Removed from a library's staff elsewhere: the libraries are read again, and that one leaves the picker.
    else if (isStaffAccessLost(error)) void client.invalidateQueries({ queryKey: getQueryKey(trpc.libraries.list) });
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onFailure(event.action.error);
  });
  client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onFailure(event.action.error);
  });
}
