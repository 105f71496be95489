import { useCallback, useRef } from 'react';

const ROW = '[data-focus-row]';
const FALLBACK = '[data-focus-fallback]';
const CONTROL = 'button:not(:disabled), a[href], input:not(:disabled), [tabindex="0"]';

/** Where focus last was in the list: which row, its place, and which of the row's controls. */
interface Place {
  row: string;
  rowIndex: number;
  controlIndex: number;
}

/**
 * Focus when an action takes its own row away (Mark as Returned; Return Book; Rent Book, which moves
 * the book to My Rentals) or disables the row's only control (the last copy rented at the kiosk). The
 * focused button goes, and focus would fall to the page, sending a keyboard or screen-reader user back
 * to the top. Focus moves instead to the same control of the row now in that place (or of the nearest
 * row that has one), else to that row itself (each row's only control disabled: it says why), else to the
 * list's empty message.
 *
 * `ref` goes on an element that holds the list in every state; rows are marked `data-focus-row={key}`,
 * the empty message `data-focus-fallback` (and tabIndex -1). A dialog opened from a row takes focus
 * out of the list: call `restore(dialog)` once it has closed. Focus may still be in it then, on a
 * button that stayed focusable while its action ran, and goes when the dialog does. A dialog opened for a row
 * from outside the list (a scan of its book) names that row first: `remember(key)`.
 */
export function useFocusAfterRemoval<T extends HTMLElement>() {
  const list = useRef<T | null>(null);
  const last = useRef<Place | null>(null);

  const restore = useCallback((closedDialog?: Element | null) => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !!closedDialog?.contains(active);
    if (list.current && last.current && lost) focusNear(list.current, last.current);
  }, []);

  const ref = useCallback(
    (element: T | null) => {
      list.current = element;
      if (!element) return;
      const onFocusIn = (event: FocusEvent) => {
        last.current = placeOf(element, event.target as HTMLElement) ?? last.current;
      };
      // Focus leaving for nowhere is a control removed or disabled, or a click on the page's background:
      // only the first two are this list's to mend, and they show once the change is done.
      const onFocusOut = (event: FocusEvent) => {
        const control = event.target as HTMLElement;
        if (event.relatedTarget) return;
        setTimeout(() => {
          if (!control.isConnected || control.matches(':disabled')) restore();
        });
      };
      element.addEventListener('focusin', onFocusIn);
      element.addEventListener('focusout', onFocusOut);
      return () => {
        element.removeEventListener('focusin', onFocusIn);
        element.removeEventListener('focusout', onFocusOut);
      };
    },
    [restore],
  );

  /** The row an action is about, though focus never was in it: restore() comes back to it, or the row now in its place. */
  const remember = useCallback((key: string | number) => {
    const row = list.current?.querySelector<HTMLElement>(`[data-focus-row="${CSS.escape(String(key))}"]`);
    if (list.current && row) last.current = placeOf(list.current, row);
  }, []);

  return { ref, restore, remember };
}

function placeOf(list: HTMLElement, target: HTMLElement): Place | null {
  const row = target.closest<HTMLElement>(ROW);
  if (!row || !list.contains(row)) return null;
  return {
    row: row.dataset.focusRow ?? '',
    rowIndex: [...list.querySelectorAll(ROW)].indexOf(row),
    controlIndex: Math.max(0, [...row.querySelectorAll(CONTROL)].indexOf(target)),
  };
}

function focusNear(list: HTMLElement, place: Place) {
  const rows = [...list.querySelectorAll<HTMLElement>(ROW)];
  const same = rows.findIndex((row) => row.dataset.focusRow === place.row);
  const start = same >= 0 ? same : Math.min(place.rowIndex, rows.length - 1);
  // The row in that place first, then the ones after it, then the ones before.
  const order = [...rows.slice(start), ...rows.slice(0, Math.max(start, 0)).reverse()];
  for (const row of order) {
    const controls = [...row.querySelectorAll<HTMLElement>(CONTROL)];
    if (controls.length) return controls[Math.min(place.controlIndex, controls.length - 1)]!.focus();
  }
  const row = order[0];
  if (row) {
    row.tabIndex = -1;
    return row.focus();
  }
  list.querySelector<HTMLElement>(FALLBACK)?.focus();
}
