import { startTransition, useEffect, useState } from 'react';

/** Whether the app has already run a page: true once a first useHydrated effect has run. */
let appRunning = false;

/**
 * False in the build's prerender and while React takes over a prerendered page; true once the app runs it.
 * The switch is a transition, so that re-rendering the page does not block the main thread in one piece.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(appRunning);
  useEffect(() => {
    appRunning = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
