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
export function trackButtonPresses() {
  if (tracking) return;
  tracking = true;
  document.addEventListener('pointerdown', (event) => {
    pressed = event.target instanceof Element && event.target.closest('button') !== null;
  }, true);
  const release = () => setTimeout(() => (pressed = false));
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  // A press whose end the page never saw (released outside the window) does not hold the keyboard's checks back.
  document.addEventListener('keydown', () => (pressed = false), true);
}

/** Runs `check` now, or, while a button is pressed, once the press and its click are over. */
export function afterButtonPress(check: () => void) {
  if (!pressed) return check();
  const ended = () => {
    document.removeEventListener('pointerup', ended, true);
    document.removeEventListener('pointercancel', ended, true);
    // After the click the press ends in, which comes in the same task as the pointerup.
    setTimeout(check);
  };
  document.addEventListener('pointerup', ended, true);
  document.addEventListener('pointercancel', ended, true);
}
