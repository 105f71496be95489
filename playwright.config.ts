import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4321);
const buildDir = process.env.E2E_BUILD_DIR ?? 'dist';
// A fresh embedded database for every run, seeded with the demo data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'scroll-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// PostgreSQL runs as its own user when we are root: it must be able to reach its folder.
chmodSync(dataDir, 0o755);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // With a new document for each navigation (RenderDocument), Debian's Chromium 150 leaves a page reloaded under
  // Playwright's offline emulation reporting navigator.onLine true, though its requests fail as offline ones do.
  '--disable-features=RenderDocument',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: {
    // E2E_BUILD_DIR lets several checkouts' builds run side by side (default: dist).
    command: `node ${buildDir}/server/main.js`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { CLIENT_DIR: `${buildDir}/client`, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production',
      // Book lookups stay offline: the providers are unreachable, so only the local catalogue answers.
      OPEN_LIBRARY_BASE_URL: 'http://127.0.0.1:9', GOOGLE_BOOKS_BASE_URL: 'http://127.0.0.1:9',
      // Every spec's browser registers from 127.0.0.1, some twenty accounts a run: the default hourly limit
      // would refuse the next spec that adds one. The limit itself is tested in server/security/rate-limits.int.test.ts.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000',
      // The demo librarian creates a library for many a spec: fifty or so a run.
      LIBRARIES_PER_ADMIN_PER_DAY: '1000' },
  },
});
