/**
 * The server sends the login page prerendered: on a slow phone it shows, and takes typing, seconds before the
 * app runs it (client/main.tsx). A press meanwhile of a control marked data-press-on-start (a tab; the Log In
 * button, marked "submit", of type "button" until then so that the browser does not send the form itself), or
 * Enter in a field of a form with a "submit" one, is kept: the control shows busy, and the app presses it again
 * once it runs the page (hooks/use-form-filled-before-start.ts). A later press takes the place of an earlier one.
 * Marked controls are ones a second press leaves as the first did: React, taking the page over, may handle the
 * press itself as well.
 */
const MARK = 'data-press-on-start';
let kept: HTMLElement | null = null;

function showWaiting(control: HTMLElement, waiting: boolean) {
  for (const name of ['aria-disabled', 'data-disabled']) {
    if (waiting) control.setAttribute(name, 'true');
    else control.removeAttribute(name);
  }
}

function keep(control: HTMLElement | null | undefined) {
  if (!control) return;
  if (kept) showWaiting(kept, false);
  kept = control;
  showWaiting(control, true);
}

/** Called by client/main.tsx on a prerendered page, before the app starts: once the app runs the page, nothing is marked. */
export function keepPressesBeforeStart() {
  // Capturing: while React takes the page over, it stops a press on a part it has not yet taken over, and drops it.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element) keep(event.target.closest<HTMLElement>(`[${MARK}]`));
  }, true);
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
    keep(event.target.form?.querySelector<HTMLElement>(`button[${MARK}=submit]`));
  }, true);
}

/** The control pressed before the app started, if one was, shown as usual again: for the app to press it. */
export function takePressKeptBeforeStart() {
  const control = kept;
  kept = null;
  if (control) showWaiting(control, false);
  return control;
}
