import { useRef } from 'react';

interface Mutation<V> {
  mutate: (variables: V, options: { onSettled: () => void }) => void;
}

/**
 * A mutation's `mutate` that ignores another call until the first has settled. `isPending` reads true only
 * after React renders again, so two clicks in one task (a double tap's ghost click, a double click sent at
 * once) would both pass a check of it, and rent, return or upgrade twice.
 */
export function useOneAtATime<V>(mutation: Mutation<V>) {
  const running = useRef(false);
  return (variables: V, onSettled?: () => void) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(variables, {
      onSettled: () => {
        running.current = false;
        onSettled?.();
      },
    });
  };
}
