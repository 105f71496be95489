import { MutationCache } from '@tanstack/react-query';

export const OFFLINE_CHANGE_MESSAGE = 'You are offline. This change needs a connection; try again when you are back online.';

/** Whether the browser has a connection: what decides that a change, or a logout, cannot go through. */
export const isBrowserOnline = () => navigator.onLine;

class OfflineError extends Error {
  constructor(message = OFFLINE_CHANGE_MESSAGE) {
    super(message);
    this.name = 'OfflineError';
  }
}

/** A call that changes nothing says what it needs the connection for: `useMutation({ meta: offlineMeta(...) })`. */
export const offlineMeta = (offlineMessage: string) => ({ offlineMessage });

/**
 * Offline, the data on screen is read-only: a change fails at once, with OfflineError saying why, rather
 * than waiting silently for a connection (react-query would pause it). A call that changes nothing but
 * needs the server all the same (the kiosk's lookup) says why in its own words, from its meta. Each shows
 * that message where it shows its other failures (a toast, or its form), so it is said once.
 */
export function createOfflineAwareMutationCache(isOnline: () => boolean = isBrowserOnline) {
  return new MutationCache({
    onMutate: (_variables, mutation) => {
      const message = mutation.meta?.offlineMessage;
      if (!isOnline()) throw new OfflineError(typeof message === 'string' ? message : undefined);
    },
  });
}
