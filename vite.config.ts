import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  // The manifest lets scripts/bundle-report.ts size each route's initial JavaScript.
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false, manifest: true },
  server: { port: 5173, proxy: { '/trpc': api, '/_api': api } },
});
