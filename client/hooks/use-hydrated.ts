import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False in the build's prerender and while React takes over a prerendered page; true once the app runs it. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
