import { MutationCache } from '@tanstack/react-query';
import { lazyToast } from './lazy-toast';

export const OFFLINE_CHANGE_MESSAGE = 'You are offline. This change needs a connection; try again when you are back online.';

export class OfflineError extends Error {
  constructor() {
    super(OFFLINE_CHANGE_MESSAGE);
    this.name = 'OfflineError';
  }
}

/**
 * Offline, the data on screen is read-only: a change fails at once with a toast saying why,
 * rather than waiting silently for a connection (react-query would pause it).
 */
export function createOfflineAwareMutationCache(isOnline: () => boolean = () => navigator.onLine) {
  return new MutationCache({
    onMutate: () => {
      if (!isOnline()) throw new OfflineError();
    },
    onError: (error) => {
      if (error instanceof OfflineError) void lazyToast().then((toast) => toast.error(error.message, { id: 'offline-change' }));
    },
  });
}
