/**
 * Whether a pointer is down on a button. Pressing a button takes the focus from the field before it,
 * before the click: a message the field then shows moves the button from under the pointer, and the
 * click is lost (a Save or a Cancel that does nothing). A field's check on blur waits for the press
 * to end instead (`afterButtonPress`). Read from the pointer, not from where the focus went: Safari
 * does not focus a button it clicks.
 */
let pressed = false;
let tracking = false;

/** Starts following presses on buttons, once for the page. */
export function trackButtonPresses(doc: Document = document) {
  if (tracking) return;
  tracking = true;
  doc.addEventListener('pointerdown', (event) => {
    pressed = event.target instanceof Element && event.target.closest('button') !== null;
  }, true);
  const release = () => setTimeout(() => (pressed = false));
  doc.addEventListener('pointerup', release, true);
  doc.addEventListener('pointercancel', release, true);
}

/** Runs `check` now, or, while a button is pressed, once the press and its click are over. */
export function afterButtonPress(check: () => void, doc: Document = document) {
  if (!pressed) return check();
  const run = () => {
    doc.removeEventListener('pointerup', later, true);
    doc.removeEventListener('pointercancel', later, true);
    // After the click the press ends in (dispatched in the same task as the pointerup).
    setTimeout(check);
  };
  const later = () => run();
  doc.addEventListener('pointerup', later, true);
  doc.addEventListener('pointercancel', later, true);
}
