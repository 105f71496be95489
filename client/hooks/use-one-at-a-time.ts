import { useEffect, useRef } from 'react';

interface CallOptions {
  onSettled?: (...args: never[]) => unknown;
}

interface Mutation<V, O extends CallOptions> {
  status: string;
  mutate: (variables: V, options?: O) => void;
}

/**
 * A mutation's `mutate` that ignores another call until the first has settled: every action and form
 * sends through it. `isPending` reads true only after React renders again, so two clicks or submits in
 * one task (a double tap's ghost click, a double click sent at once, Enter held down) would both pass
 * a check of it, and rent, return, post or save twice.
 */
export function useOneAtATime<V, O extends CallOptions>(mutation: Mutation<V, O>) {
  const running = useRef(false);
  // A reset mutation (the kiosk's lookup, edited while it runs) never calls this call's onSettled.
  useEffect(() => {
    if (mutation.status === 'idle') running.current = false;
  }, [mutation.status]);

  /** Sends, and says so; false when ignored. */
  return (variables: V, options?: O) => {
    if (running.current) return false;
    running.current = true;
    const onSettled = (...args: never[]) => {
      running.current = false;
      return options?.onSettled?.(...args);
    };
    mutation.mutate(variables, { ...options, onSettled } as O);
    return true;
  };
}
