import { getQueryKey } from '@trpc/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, trpc } from '../trpc';
import { keepOfflineCache } from './offline-cache';

function isSignedIn(client: QueryClient) {
  const session = client.getQueryData<{ user: unknown }>(getQueryKey(trpc.auth.session, undefined, 'query'));
  return session === undefined ? undefined : !!session.user;
}

/** The app's query client, with the offline copy of its data kept in local storage. */
export function createOfflineQueryClient() {
  const client = createQueryClient();
  keepOfflineCache(client, { isSignedIn });
  return client;
}
