import { ICON_SIZES, PRODUCT_NAME, THEME_COLOR } from './constants';

const BACKGROUND_COLOR = '#ffffff';

/**
 * The web app manifest, one definition for both doors: vite-plugin-pwa writes it to
 * /manifest.webmanifest (linked from the page) and the server answers GET /_api/manifest with it.
 */
export const webAppManifest = {
  id: '/',
  name: PRODUCT_NAME,
  short_name: PRODUCT_NAME,
  description: 'Browse, rent and review books at your library; catalogue books by ISBN scan.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'any' as const,
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    ...[...ICON_SIZES, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
