import { accessSync, constants } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseResult {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Failing audits of the three categories, to read what to fix. */
  failing: string[];
}

// DESIGN.md: Debian's Chromium, with the flags that work offline.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** The first elements or issue types an audit names, so the report says what to fix. */
function where(audit: { details?: unknown }): string {
  const items = ((audit.details as { items?: Record<string, any>[] } | undefined)?.items ?? []).slice(0, 3);
  const named = items.map((item) => item.node?.snippet ?? item.issueType ?? item.subItems?.items?.[0]?.issueType).filter(Boolean);
  return named.length ? `: ${named.join(', ')}` : '';
}

/** Lighthouse's default mobile audit (simulated slow 4G, mid-range phone) of each page. */
export async function runLighthouse(baseUrl: string, pages: string[]): Promise<LighthouseResult[]> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // chrome-launcher reports a missing browser as an 'error' event no caller can catch, which ended the
  // whole run before its report was written: refuse here instead, and the report says why.
  try {
    accessSync(chromePath, constants.X_OK);
  } catch {
    throw new Error(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  }
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const runner = await lighthouse(`${baseUrl}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      const lhr = runner!.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = CATEGORIES.flatMap((id) =>
        lhr.categories[id].auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
          .map((ref) => `${id}: ${lhr.audits[ref.id].title}${lhr.audits[ref.id].displayValue ? ` (${lhr.audits[ref.id].displayValue})` : ''}${where(lhr.audits[ref.id])}`),
      );
      results.push({ page, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), failing });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
