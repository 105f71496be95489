import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Shades around the product's theme color #0A75E3 (index 6). */
const brand: MantineColorsTuple = ['#e6f1ff', '#cfe0fb', '#9fc0f4', '#6b9eee', '#4182e9', '#2570e6', '#0A75E3', '#0062cb', '#0056b5', '#004a9f'];
/** Mantine's grays, but shade 6 (the 'dimmed' text color) darkened from #868e96 (3.3:1 on white) to pass WCAG AA (4.7:1). */
const gray: MantineColorsTuple = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#6c757d', '#495057', '#343a40', '#212529'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  colors: { brand, gray },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
