import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './shared/manifest';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: webAppManifest,
      // public/ is in globPatterns already.
      includeManifestIcons: false,
      workbox: {
        // The app shell; the barcode scanner (quagga2) is online-only and too big to precache.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['**/*quagga*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/_api/, /^\/trpc/, /^\/healthz/, /^\/readyz/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // The manifest lets scripts/bundle-report.ts size each route's initial JavaScript.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { port: 5173, proxy: { '/trpc': api, '/_api': api } },
});
