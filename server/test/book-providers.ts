import { existsSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { isbnKey } from '../../shared/isbn';
import { createTestApp, type TestApp } from './harness';

export type Provider = 'openLibrary' | 'googleBooks';
/** Every way a provider fails on a bad day; none of them says anything about the book. */
export const PROVIDER_FAILURES = ['slow', 'error', 'malformed', 'truncated'] as const;
/** How a provider answers: as the real service does, or as it does on a bad day. */
type Behaviour = 'normal' | 'notFound' | (typeof PROVIDER_FAILURES)[number];

/** Answers a test adds for a run, over the recorded files. */
const extraAnswers = new Map<string, unknown>();

/** A provider's recorded answer for one ISBN-13 (fixtures/open-library-{isbn13}.json, google-books-{isbn13}.json). */
function fixture(provider: Provider, isbn13: string): any {
  if (extraAnswers.has(`${provider}:${isbn13}`)) return extraAnswers.get(`${provider}:${isbn13}`);
  const file = new URL(`./fixtures/${provider === 'openLibrary' ? 'open-library' : 'google-books'}-${isbn13}.json`, import.meta.url);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Open Library files an edition under each bibkey it was asked for; unknown keys are left out, so "none" is `{}`. */
function openLibraryAnswer(url: URL) {
  const answer: Record<string, unknown> = {};
  for (const bibkey of (url.searchParams.get('bibkeys') ?? '').split(',')) {
    const isbn = bibkey.replace(/^ISBN:/, '');
    const recorded = fixture('openLibrary', isbnKey(isbn));
    if (recorded) answer[bibkey] = Object.values(recorded)[0];
  }
  return answer;
}

function googleBooksAnswer(url: URL) {
  const isbn = (url.searchParams.get('q') ?? '').replace(/^isbn:/, '');
  return fixture('googleBooks', isbnKey(isbn)) ?? { kind: 'books#volumes', totalItems: 0 };
}

const notFoundAnswer: Record<Provider, unknown> = { openLibrary: {}, googleBooks: { kind: 'books#volumes', totalItems: 0 } };

const failureBody: Record<Provider, [string, string]> = {
  openLibrary: ['text/html', '<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>'],
  googleBooks: ['application/json', JSON.stringify({ error: { code: 500, message: 'Backend Error', errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }], status: 'INTERNAL' } })],
};

export interface FakeBookProviders {
  /** Base URL for both openLibraryBaseUrl and googleBooksBaseUrl. */
  url: string;
  requests: { provider: Provider; url: URL }[];
  hits(provider?: Provider): number;
  /** Requests a slow provider holds: never answered, so a lookup that came back gave up on them. */
  held(): number;
  behave(provider: Provider, behaviour: Behaviour): void;
  /** Adds the provider's answer for one ISBN-13, in its real format, until reset(). */
  know(provider: Provider, isbn13: string, answer: unknown): void;
  /** Back to normal answers and no recorded requests. */
  reset(): void;
}

/** Open Library and Google Books on 127.0.0.1, replaying their real response formats; closed after the file's tests. */
export async function startFakeBookProviders(): Promise<FakeBookProviders> {
  const behaviour: Record<Provider, Behaviour> = { openLibrary: 'normal', googleBooks: 'normal' };
  const requests: FakeBookProviders['requests'] = [];
  const held = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, contentType: string, body: string) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const provider: Provider | undefined =
      url.pathname === '/api/books' ? 'openLibrary' : url.pathname === '/books/v1/volumes' ? 'googleBooks' : undefined;
    if (!provider) return send(res, 404, 'text/plain', 'Not Found');
    requests.push({ provider, url });

    const answer = () => JSON.stringify(provider === 'openLibrary' ? openLibraryAnswer(url) : googleBooksAnswer(url));
    switch (behaviour[provider]) {
      case 'normal':
        return send(res, 200, 'application/json', answer());
      case 'notFound':
        return send(res, 200, 'application/json', JSON.stringify(notFoundAnswer[provider]));
      case 'slow':
        // Held, not answered late: a lookup that waited for it would never come back.
        held.add(res);
        return;
      case 'malformed':
        return send(res, 200, 'text/html', '<!DOCTYPE html><html><body>Please sign in to the network to continue.</body></html>');
      case 'truncated':
        return send(res, 200, 'application/json', answer().slice(0, 40));
      case 'error':
        return send(res, 500, ...failureBody[provider]);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    hits: (provider) => requests.filter((r) => !provider || r.provider === provider).length,
    held: () => held.size,
    behave: (provider, next) => {
      behaviour[provider] = next;
    },
    know: (provider, isbn13, answer) => {
      extraAnswers.set(`${provider}:${isbn13}`, answer);
    },
    reset: () => {
      extraAnswers.clear();
      behaviour.openLibrary = 'normal';
      behaviour.googleBooks = 'normal';
      requests.length = 0;
      for (const res of held) res.destroy();
      held.clear();
    },
  };
}

/**
 * The app asking the fake providers. Its lookup timeout is only ever reached by a slow provider (which
 * never answers), so it leaves an answering one time to spare on a loaded machine.
 */
export const TEST_LOOKUP_TIMEOUT_MS = 1_000;

export async function createLookupTestApp() {
  const providers = await startFakeBookProviders();
  const t = await createTestApp({ openLibraryBaseUrl: providers.url, googleBooksBaseUrl: providers.url, lookupTimeoutMs: TEST_LOOKUP_TIMEOUT_MS });
  return { t, providers };
}

/** Providers behaving normally again, nothing asked of them yet, and nothing cached: the start of each lookup test. */
export async function resetLookups(t: TestApp, providers: FakeBookProviders) {
  providers.reset();
  await t.sql(`delete from isbn_lookups`);
}
