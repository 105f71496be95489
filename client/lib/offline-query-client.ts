import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../trpc';
import { keepOfflineCache } from './offline-cache';
import { recoverReadsAfterOutage } from './server-outage';
import { followSessionChanges, sessionUser } from './session-sync';

/** The signed-in user's id, null when no one is, undefined until the session is known. */
function signedInAs(client: QueryClient) {
  const user = sessionUser(client);
  return user === undefined ? undefined : (user?.id ?? null);
}

/**
 * The app's query client, with the offline copy of its data kept in local storage, following sign-ins and logouts of
 * other tabs, its reads asked again once the server answers after an outage.
 */
export function createOfflineQueryClient() {
  const client = createQueryClient();
  keepOfflineCache(client, { signedInAs });
  followSessionChanges(client);
  recoverReadsAfterOutage(client);
  return client;
}
