import type { z } from 'zod';

/** A provider could not answer (timeout, network, HTTP error, unreadable body): it says nothing about the book. */
export class ProviderUnavailable extends Error {}

/** A provider endpoint under a configured base URL (which may carry a path or a trailing slash). */
export const providerUrl = (base: string, path: string) => new URL(`${base.replace(/\/+$/, '')}${path}`);

/** GETs JSON within the timeout and checks its shape; every failure is a ProviderUnavailable. */
export async function fetchJson<T extends z.ZodType>(url: URL, schema: T, timeoutMs: number): Promise<z.infer<T>> {
  let body: unknown;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json', 'user-agent': 'ScrollLibrary/1.0 (ISBN lookup)' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderUnavailable(`HTTP ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw error;
    throw new ProviderUnavailable(error instanceof Error ? `${error.name}: ${error.message}` : String(error), { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderUnavailable('unexpected response shape', { cause: parsed.error });
  return parsed.data;
}
