import { startTransition, useEffect, useState } from 'react';

/** False from the start of a prerendered page's hydration (or of the build's prerender) until a first useHydrated effect. */
let appRunning = true;

/** Called before rendering what is (client/boot.tsx) or will be (client/prerender.tsx) a prerendered page. */
export function startHydrating() {
  appRunning = false;
}

/**
 * False in the build's prerender and while React takes over a prerendered page; true once the app runs it,
 * and from the start in an app that rendered its first page itself. The switch is a transition, so that
 * re-rendering the page does not block the main thread in one piece.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(appRunning);
  useEffect(() => {
    appRunning = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
