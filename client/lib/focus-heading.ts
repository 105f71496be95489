/**
 * Gives the focus to a new page's or screen's heading (made focusable), where a screen reader then
 * starts, or to the container when there is none; unless the new content has already put the focus
 * inside itself (an autofocused field, say).
 */
export function focusHeading(container: HTMLElement, heading: HTMLElement | null, options?: FocusOptions) {
  const active = document.activeElement;
  if (active && active !== container && container.contains(active)) return;
  const target = heading ?? container;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus(options);
}
