import { useEffect, useRef } from 'react';

/**
 * Focus after a chain of dialogs (scan, then a form or a confirmation). A Modal gives focus back to
 * whatever had it when it opened, which for the second dialog is a button of the first, gone by then,
 * so focus would fall to the page. The chain's dialogs are told not to (`returnFocus={false}`); this
 * puts focus back on the button that started the chain (the returned ref) once the chain is over and
 * the button can take it (`ready`: not disabled while the last step finishes).
 */
export function useFocusAfterDialogs<T extends HTMLElement>(open: boolean, ready = true) {
  const trigger = useRef<T>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && ready) {
      wasOpen.current = false;
      trigger.current?.focus();
    }
  }, [open, ready]);
  return trigger;
}
