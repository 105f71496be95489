import { useId as useReactId } from 'react';

/**
 * Mantine's useId, as the build gives it to @mantine/core (vite.config.ts): React's id, for the component's life.
 * Mantine's own starts with the same id, then swaps it for a random one in a layout effect: a second, synchronous
 * render of each input, tab list and menu as it mounts, and of the whole form right after a prerendered page
 * hydrates. React's id is unique within the app's one root and the same in the prerender and the browser.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
