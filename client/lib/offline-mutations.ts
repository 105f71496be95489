import { MutationCache } from '@tanstack/react-query';

export const OFFLINE_CHANGE_MESSAGE = 'You are offline. This change needs a connection; try again when you are back online.';

/** Whether the browser has a connection: what decides that a change, or a logout, cannot go through. */
export const isBrowserOnline = () => navigator.onLine;

export class OfflineError extends Error {
  constructor() {
    super(OFFLINE_CHANGE_MESSAGE);
    this.name = 'OfflineError';
  }
}

/**
 * Offline, the data on screen is read-only: a change fails at once, with OfflineError saying why,
 * rather than waiting silently for a connection (react-query would pause it). Each change shows that
 * message where it shows its other failures (a toast, or its form), so it is said once.
 */
export function createOfflineAwareMutationCache(isOnline: () => boolean = isBrowserOnline) {
  return new MutationCache({
    onMutate: () => {
      if (!isOnline()) throw new OfflineError();
    },
  });
}
