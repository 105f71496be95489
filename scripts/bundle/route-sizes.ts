import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (build.manifest: true). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

interface RouteSize {
  /** The page component's file name, e.g. LandingPage. */
  route: string;
  /**
   * JavaScript files the browser fetches for the page to run: the entry, the chunks the entry always
   * loads as it starts (it imports React DOM, the data layer, the app and its boot step one at a time,
   * client/main.tsx), the page chunk, and their static imports.
   */
  files: string[];
  gzipBytes: number;
}

export const readManifest = (clientDir: string): Manifest => JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));

/** A chunk's key and every chunk it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzipSize(clientDir: string, file: string): number {
  const path = join(clientDir, file);
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(path), { level: 9 }).length);
  return gzipCache.get(path)!;
}

/** Initial gzipped JavaScript of each page (client/pages/*.tsx, each a lazy route chunk). */
export function routeSizes(clientDir: string, manifest: Manifest = readManifest(clientDir)): RouteSize[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest names no entry chunk.');
  const pages = Object.keys(manifest).filter((key) => /^client\/pages\/[^/]+\.tsx$/.test(manifest[key].src ?? ''));
  return pages
    .map((page) => {
      const keys = staticClosure(manifest, page);
      for (const key of [entryKey, ...(manifest[entryKey].dynamicImports ?? [])]) staticClosure(manifest, key, keys);
      const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
      return {
        route: page.replace(/^client\/pages\/(.+)\.tsx$/, '$1'),
        files,
        gzipBytes: files.reduce((sum, file) => sum + gzipSize(clientDir, file), 0),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatRouteSizes(sizes: RouteSize[]): string {
  const width = Math.max(...sizes.map((s) => s.route.length));
  return [
    'Initial JavaScript per route (gzipped: entry, the chunks it loads as it starts, the page chunk, and their static imports):',
    ...sizes.map((s) => `  ${s.route.padEnd(width)}  ${kb(s.gzipBytes).padStart(9)}  (${s.files.length} files)`),
  ].join('\n');
}
