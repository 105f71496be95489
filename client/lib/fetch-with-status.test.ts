import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_UNREACHABLE_MESSAGE } from './error-messages';
import { ServerUnreachableError } from './server-outage';
import { fetchWithStatus } from './fetch-with-status';

/** The network answers `response` (or fails, for an Error). */
function networkAnswers(response: Response | Error) {
  vi.stubGlobal('fetch', async () => {
    if (response instanceof Error) throw response;
    return response;
  });
}

const json = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('a failed answer, as the app reads it', () => {
  it("reads the server's own refusal by its error field", async () => {
    // As server/http/security.ts refuses a write from another origin (PUBLIC_ORIGIN set wrong, say), before tRPC.
    networkAnswers(json(403, '{"error":"Cross-site requests are not allowed.","message":"Cross-site requests are not allowed.","code":"FORBIDDEN"}'));
    await expect(fetchWithStatus('/trpc/reviews.post')).rejects.toThrow(new Error('Cross-site requests are not allowed.'));
  });

  it("reads 'Request failed with status {code}' for a body that is not JSON, broken JSON, or JSON of another shape", async () => {
    const answers = [
      new Response('<h1>Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }),
      json(502, '{"err'),
      json(503, '{"detail":"Service Unavailable"}'),
      json(500, '{"error":"  "}'),
      json(500, 'null'),
    ];
    for (const answer of answers) {
      networkAnswers(answer);
      await expect(fetchWithStatus('/trpc/books.list')).rejects.toThrow(new Error(`Request failed with status ${answer.status}`));
    }
  });

  it("hands tRPC's own error answers to its link, body unread", async () => {
    for (const body of ['[{"error":{"json":{"message":"Book not found.","code":-32004}}}]', '{"error":{"json":{"message":"Book not found."}}}']) {
      networkAnswers(json(404, body));
      const response = await fetchWithStatus('/trpc/books.get');
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(body);
    }
  });

  it('passes a success through, and says when the server could not be reached', async () => {
    networkAnswers(json(200, '[{"result":{"data":{"json":[]}}}]'));
    expect((await fetchWithStatus('/trpc/books.list')).status).toBe(200);
    networkAnswers(new TypeError('Failed to fetch'));
    await expect(fetchWithStatus('/trpc/books.list')).rejects.toThrow(new ServerUnreachableError());
    await expect(fetchWithStatus('/trpc/books.list')).rejects.toThrow(SERVER_UNREACHABLE_MESSAGE);
  });

  it('lets a request the app called off stay an abort', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    networkAnswers(abort);
    await expect(fetchWithStatus('/trpc/books.list', { signal: controller.signal })).rejects.toBe(abort);
  });
});
