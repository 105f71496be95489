import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRODUCT_NAME } from './shared/constants';
import { webAppManifest } from './shared/manifest';
import { staticClosure } from './scripts/bundle/route-sizes';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** Pages the build prerenders, to prerendered/index.html and prerendered/login.html: the server sends them instead of the empty index.html for / and /login (server/app.ts). */
const PRERENDERED = [
  { path: '/', page: 'client/pages/LandingPage.tsx', title: PRODUCT_NAME },
  { path: '/login', page: 'client/pages/LoginPage.tsx', title: `Login | ${PRODUCT_NAME}` },
];

/**
 * client/main.tsx loads the app (client/boot.tsx) with a dynamic import, after a prerendered page's first paint:
 * index.html preloads it and the chunks it imports, so that it downloads beside the entry, as a static import would.
 */
function preloadApp(): Plugin {
  return {
    name: 'scroll-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const files = new Set<string>();
        const add = (file: string) => {
          const output = bundle[file];
          if (files.has(file) || file === chunk.fileName || chunk.imports.includes(file) || output?.type !== 'chunk') return;
          files.add(file);
          output.imports.forEach(add);
        };
        chunk.dynamicImports.filter((file) => (bundle[file] as { facadeModuleId?: string }).facadeModuleId?.endsWith('/client/boot.tsx')).forEach(add);
        // Its stylesheet too (the header's), which the dynamic import would add only after the first paint.
        const css = [...files].flatMap((file) => [...((bundle[file] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]);
        return [
          ...css.map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...[...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

/** Mantine's useId module, answered by client/lib/mantine-use-id.ts (which says why), in the build and in dev. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const STABLE_USE_ID = `export { useId } from ${JSON.stringify(resolve(import.meta.dirname, 'client/lib/mantine-use-id.ts'))};`;

const stableMantineIds = {
  name: 'scroll-stable-mantine-ids',
  load: (id: string) => (MANTINE_USE_ID.test(id) ? STABLE_USE_ID : undefined),
};

/**
 * After the client build, renders the landing and login pages as a visitor who is not signed in first
 * sees them (client/prerender.tsx, built for Node), into copies of index.html with the page's own
 * stylesheet: a phone paints them before the JavaScript arrives, and React hydrates that markup.
 */
function prerenderPages(): Plugin {
  let outDir = '';
  return {
    name: 'scroll-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Inside node_modules, so that the Node build finds the packages it leaves external.
      const ssrDir = mkdtempSync(join(import.meta.dirname, 'node_modules/.scroll-prerender-'));
      try {
        await build({
          configFile: false,
          root: import.meta.dirname,
          mode: 'production',
          logLevel: 'warn',
          plugins: [react()],
          build: {
            ssr: 'client/prerender.tsx',
            outDir: ssrDir,
            emptyOutDir: true,
            // The update prompt mounts only in the browser, after the first render.
            rollupOptions: { external: ['virtual:pwa-register/react'], output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const { prerender } = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as typeof import('./client/prerender');
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
        /** The stylesheets of a chunk and of every chunk it imports statically. */
        const css = (key: string) => [...staticClosure(manifest, key)].flatMap((chunk) => manifest[chunk]?.css ?? []);
        // What index.html links already: the entry's stylesheets and the app's (preloadApp).
        const entryCss = new Set([...css(Object.keys(manifest).find((key) => manifest[key].isEntry)!), ...css('client/boot.tsx')]);
        for (const { path, page, title } of PRERENDERED) {
          // The page chunk's stylesheet is linked as the lazy import would add it, so the page paints styled.
          const links = [...new Set(css(page))].filter((href) => !entryCss.has(href)).map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`);
          // The page chunk and what it imports, preloaded as the app's own chunks are: the app finds them
          // linked when it loads the page, rather than adding a link per chunk while the phone is busiest.
          for (const key of staticClosure(manifest, page)) {
            const file = manifest[key].file;
            if (!template.includes(`"/${file}"`)) links.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
          }
          const { head, body } = await prerender(path);
          const html = template
            // The page shows without JavaScript: the stylesheets and images come first, the app after them.
            .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
            .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
            .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
            .replace('</head>', `${links.join('')}${head}</head>`);
          mkdirSync(join(outDir, 'prerendered'), { recursive: true });
          writeFileSync(join(outDir, 'prerendered', `${path === '/' ? 'index' : path.slice(1)}.html`), html);
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    { ...stableMantineIds, enforce: 'pre' } satisfies Plugin,
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
        // Prerendered pages are for the first visit: the service worker answers navigations with index.html.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['**/*quagga*', 'prerendered/**'],
        navigateFallback: '/index.html',
        // The first visit's tab too: without it, the worker installed then serves only the tabs opened after it,
        // and this one, gone offline, cannot open a page whose code it has not fetched yet. (A tab already served
        // by an older worker passes to a new one only when its update is applied: registerType 'prompt'.)
        clientsClaim: true,
        navigateFallbackDenylist: [/^\/_api/, /^\/trpc/, /^\/healthz/, /^\/readyz/],
        cleanupOutdatedCaches: true,
      },
    }),
    preloadApp(),
    prerenderPages(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets scripts/bundle-report.ts size each route's initial JavaScript.
    manifest: true,
    // Vite's preload helper in a chunk of its own (and with it Rolldown's runtime helpers, which it then splits
    // off too), rather than in the entry, whose name changes with every page: nearly every chunk imports them,
    // so a one-page change renamed 47 of 50 files, React and the scanner's quagga2 among them. Each deploy had
    // every browser download the whole app again, and a tab opened before it failed on any chunk not yet loaded.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'preload-helper', test: /^\0vite[/]preload-helper/ }] } } },
  },
  server: { port: 5173, proxy: { '/trpc': api, '/_api': api } },
  // Dev serves @mantine/* bundled ahead by Rolldown, which runs its own plugins.
  optimizeDeps: { rolldownOptions: { plugins: [stableMantineIds] } },
});
