import { useCallback } from 'react';

/**
 * The bars that can show at the foot of the screen, each with the variable on the page's root that holds how
 * much of the screen it takes there while it shows: the offline banner (components/OnlineStatus), lowest, and
 * the update prompt (components/UpdatePrompt), above it with its gap.
 */
type BottomBar = '--offline-banner-height' | '--update-prompt-height';

/** The offline banner's: the update prompt sits above it. */
export const OFFLINE_BANNER_HEIGHT = 'var(--offline-banner-height, 0px)';

/**
 * The bars' together: the toasts that go to the bottom while a dialog is open sit above them, and a dialog
 * ends above those (theme.ts), rather than one lying over another.
 */
export const BOTTOM_BARS_HEIGHT = `calc(${OFFLINE_BANNER_HEIGHT} + var(--update-prompt-height, 0px))`;

/**
 * A ref for the bar: while it is on the page, `bar` holds its height (as it wraps, at any width), plus the
 * `gap` it keeps below it; gone, nothing.
 */
export function useBottomBar(bar: BottomBar, gap = 0) {
  return useCallback(
    (element: Element | null) => {
      if (!element) return;
      const root = document.documentElement.style;
      const observer = new ResizeObserver(([entry]) => root.setProperty(bar, `${entry.borderBoxSize[0].blockSize + gap}px`));
      observer.observe(element);
      return () => {
        observer.disconnect();
        root.removeProperty(bar);
      };
    },
    [bar, gap],
  );
}
