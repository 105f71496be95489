import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kb, type Manifest, readManifest, routeSizes, staticClosure } from './bundle/route-sizes';

/** What a phone on a slow network downloads before the landing page shows (SPEC: pages load fast on a phone). */
const LANDING_BUDGET_BYTES = 150 * 1024;
const QUAGGA = /@ericblade[\\/]quagga2/;

describe('client bundle budget', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'scroll-bundle-'));
  /** Output file -> the source modules bundled into it. */
  const chunkModules = new Map<string, string[]>();
  let manifest: Manifest;

  beforeAll(async () => {
    const recordChunks: Plugin = {
      name: 'record-chunk-modules',
      generateBundle(_options, bundle) {
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunkModules.set(output.fileName, Object.keys(output.modules));
      },
    };
    // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true }, plugins: [recordChunks] });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    manifest = readManifest(outDir);
  }, 180_000);

  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it(`keeps the landing page's initial JavaScript within ${kb(LANDING_BUDGET_BYTES)} gzipped`, () => {
    const landing = routeSizes(outDir, manifest).find((size) => size.route === 'LandingPage');
    expect(landing, 'the LandingPage chunk').toBeDefined();
    expect(landing!.gzipBytes, `${kb(landing!.gzipBytes)} in ${landing!.files.join(', ')}`).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });

  it("counts in the landing page's initial JavaScript every script its prerendered HTML loads", () => {
    const landing = routeSizes(outDir, manifest).find((size) => size.route === 'LandingPage')!;
    const markup = readFileSync(join(outDir, 'prerendered', 'index.html'), 'utf8');
    const named = [...markup.matchAll(/<(?:script[^>]* src|link[^>]* href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(named.filter((file) => !landing.files.includes(file)), 'scripts the page loads that the count leaves out').toEqual([]);
  });

  // A chunk the page needs and the HTML does not name is added as a <link> by the app while it hydrates,
  // on a phone's busiest moment (Lighthouse counted about 100 ms of blocking time for /login).
  it.each([
    ['index.html', 'client/pages/LandingPage.tsx'],
    ['login.html', 'client/pages/LoginPage.tsx'],
  ])('names in prerendered/%s every script its page needs, each once', (html, page) => {
    const markup = readFileSync(join(outDir, 'prerendered', html), 'utf8');
    const named = [...markup.matchAll(/<(?:script[^>]* src|link[^>]* href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    const needed = [...staticClosure(manifest, page)].map((key) => manifest[key].file);
    expect(needed.filter((file) => !named.includes(file)), 'scripts the page imports that the HTML does not name').toEqual([]);
    expect(named.filter((file, i) => named.indexOf(file) !== i), 'scripts named twice').toEqual([]);
  });

  // A chunk's name is the hash of its code with the names of the chunks it imports: a chunk importing the
  // entry, whose name changes with every page (it names them all, through boot), is renamed by any change,
  // and so is every chunk importing it. A page may (the kiosk reads its lock there), as only the route map
  // names a page; a chunk shared by others may not, or each deploy has every browser download the whole app.
  it("has no shared chunk import the entry, so that a change to one page leaves the libraries' files as they were", () => {
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
    expect(entry).toBeDefined();
    const importedStatically = new Set(Object.values(manifest).flatMap((chunk) => chunk.imports ?? []));
    const shared = Object.keys(manifest).filter((key) => !manifest[key].isDynamicEntry || importedStatically.has(key));
    const importers = shared.filter((key) => manifest[key].imports?.includes(entry));
    expect(importers.map((key) => manifest[key].file), 'shared chunks importing the entry').toEqual([]);
  });

  it("keeps quagga2 in the scanner's own chunk, loaded only when a scanner opens", () => {
    const withQuagga = [...chunkModules].filter(([, modules]) => modules.some((id) => QUAGGA.test(id)));
    expect(withQuagga.map(([file]) => file)).toHaveLength(1);
    const [scannerFile, modules] = withQuagga[0];
    expect(modules.filter((id) => !QUAGGA.test(id)), 'other code in the scanner chunk').toEqual([]);

    const scannerKey = Object.keys(manifest).find((key) => manifest[key].file === scannerFile)!;
    expect(manifest[scannerKey].isDynamicEntry).toBe(true);
    const importers = Object.keys(manifest).filter((key) => manifest[key].imports?.includes(scannerKey));
    expect(importers, 'chunks importing the scanner chunk statically').toEqual([]);
  });
});
