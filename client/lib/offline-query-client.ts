import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../trpc';
import { keepOfflineCache } from './offline-cache';
import { recoverReadsAfterOutage } from './server-outage';
import { followSessionChanges, sessionUser } from './session-sync';

function isSignedIn(client: QueryClient) {
  const user = sessionUser(client);
  return user === undefined ? undefined : !!user;
}

/**
 * The app's query client, with the offline copy of its data kept in local storage, following sign-ins and logouts of
 * other tabs, its reads asked again once the server answers after an outage.
 */
export function createOfflineQueryClient() {
  const client = createQueryClient();
  keepOfflineCache(client, { isSignedIn });
  followSessionChanges(client);
  recoverReadsAfterOutage(client);
  return client;
}
