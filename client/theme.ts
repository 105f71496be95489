import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BOTTOM_BARS_HEIGHT } from './components/Toasts/bottom-bars';
import classes from './theme.module.css';

/** Shades around the product's theme color #0A75E3 (index 6). */
const brand: MantineColorsTuple = ['#e6f1ff', '#cfe0fb', '#9fc0f4', '#6b9eee', '#4182e9', '#2570e6', '#0A75E3', '#0062cb', '#0056b5', '#004a9f'];

// Mantine's own colors, with the shades that carry text darkened to pass WCAG AA (4.5:1): shade 6 is
// 'dimmed' text and errors, shade 9 the text of a light badge (on shade 1), shade 7 the background of a
// filled one (under white text).

/** Gray 6, the 'dimmed' text, from #868e96 (3.3:1 on white) to 5.0:1 on the kiosk's gray 0 background. */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#656d75', '#495057', '#343a40', '#212529'];
/** Red 6, the error text, from #fa5252 (3.3:1) to 5.5:1 on white. */
const red: MantineColorsTuple = ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#c92a2a', '#b02525', '#a51d1d', '#8f1a1a'];
/** Orange 7-9: the filled 'none available' badge (5.2:1), long rentals' days out (5.6:1), the light 'Rented' badge (5.5:1). */
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#c2410c', '#b8400b', '#a63a0b'];
/** Teal 9, the light 'N of M available' badge, from 4.3:1 to 6.0:1. */
const teal: MantineColorsTuple = ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#099268', '#066649'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  colors: { brand, gray, red, orange, teal },
  defaultRadius: 'md',
  // Dialogs, menus and skeletons move only for those whose system does not ask for less motion.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Modal: {
      defaultProps: {
        // The × is the first thing a dialog focuses: it must say what it does.
        closeButtonProps: { 'aria-label': 'Close dialog' },
        // A dialog's <header> (title and ×) is not the page's banner landmark, which the app's header is.
        attributes: { header: { role: 'none' } },
      },
      classNames: { close: classes.close },
      styles: {
        // Every dialog's title alike: bold, as a heading reads.
        title: { fontWeight: 600 },
        // Above the toasts, which go to the bottom of the screen while a dialog is open (components/Toasts), and
        // the offline banner and update prompt under them, which show over a dialog's overlay: a long dialog ends
        // above them all and scrolls, a centred one centres in what they leave. Mantine's own variables (set by
        // fullScreen) still come first.
        inner: { paddingBottom: `calc(var(--modal-inner-y-offset, var(--modal-y-offset)) + var(--toasts-height, 0px) + ${BOTTOM_BARS_HEIGHT})` },
        content: { maxHeight: `var(--modal-content-max-height, calc(100dvh - var(--modal-y-offset) * 2 - var(--toasts-height, 0px) - ${BOTTOM_BARS_HEIGHT}))` },
      },
    },
    // Filled stars in orange 7, against the empty ones' grey 4 (app.css).
    Rating: { defaultProps: { color: 'orange.7' } },
    // A drawer is a dialog too: the same two, and the same ×.
    Drawer: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close dialog' },
        attributes: { header: { role: 'none' } },
      },
      classNames: { close: classes.close },
    },
  },
});
