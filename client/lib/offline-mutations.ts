import { MutationCache } from '@tanstack/react-query';

export const OFFLINE_CHANGE_MESSAGE = 'You are offline. This change needs a connection; try again when you are back online.';

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
export function createOfflineAwareMutationCache(isOnline: () => boolean = () => navigator.onLine) {
  return new MutationCache({
    onMutate: () => {
      if (!isOnline()) throw new OfflineError();
    },
  });
}
