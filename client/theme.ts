import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Shades around the product's theme color #0A75E3 (index 6). */
const brand: MantineColorsTuple = ['#e6f1ff', '#cfe0fb', '#9fc0f4', '#6b9eee', '#4182e9', '#2570e6', '#0A75E3', '#0062cb', '#0056b5', '#004a9f'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
