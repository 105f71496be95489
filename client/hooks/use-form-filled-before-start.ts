import { useCallback, useEffect, useState } from 'react';
import { takePressKeptBeforeStart } from '../lib/presses-before-start';

interface Form<V> {
  values: V;
  setValue: <K extends keyof V>(field: K, value: V[K]) => void;
}

/**
 * A form the server sends prerendered takes typing, and a password manager's filling, before the app runs it.
 * React leaves the fields as they are when it takes the form over, but its next render would write the form's
 * own values (empty) over them: what they hold becomes the form's values at once. A press made meanwhile
 * (lib/presses-before-start.ts) is made again once the app runs the page, with those values. Returns the form's ref.
 */
export function useFormFilledBeforeStart<V extends Record<string, unknown>>(form: Form<V>, hydrated: boolean) {
  const [takenOver, setTakenOver] = useState(false);
  useEffect(() => {
    if (hydrated && takenOver) takePressKeptBeforeStart()?.click();
  }, [hydrated, takenOver]);
  // React calls it once, as it takes the form over (which may come after the rest of the page, in a pass of its
  // own: Mantine's tab panels are Activity boundaries) or renders it anew, empty: the first render's form serves.
  return useCallback((element: HTMLFormElement | null) => {
    if (!element) return;
    for (const [name, value] of Object.entries(form.values)) {
      const field = element.elements.namedItem(name);
      if (field instanceof HTMLInputElement && field.value !== value) form.setValue(name, field.value as V[keyof V]);
    }
    setTakenOver(true);
  }, []);
}
