import { MutationCache } from '@tanstack/react-query';
import { isOnline as deviceIsOnline } from './connection';

export const OFFLINE_CHANGE_MESSAGE = 'You are offline. This change needs a connection; try again when you are back online.';

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
export function createOfflineAwareMutationCache(isOnline: () => boolean = deviceIsOnline) {
  return new MutationCache({
    onMutate: (_variables, mutation) => {
      const message = mutation.meta?.offlineMessage;
      if (!isOnline()) throw new OfflineError(typeof message === 'string' ? message : undefined);
    },
  });
}
