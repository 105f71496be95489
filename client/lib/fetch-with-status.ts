import { requestFailedMessage } from './error-messages';
import { ServerUnreachableError } from './server-outage';

/** tRPC's own answer, which its link reads: a batch's array, or one call's `{error: {...}}`. */
const isTrpcAnswer = (body: unknown) =>
  Array.isArray(body) || (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'object');

/**
 * What a failed answer says when tRPC's link cannot read it, or null when it can. The server's refusals
 * made before tRPC (a write that is not JSON, or from another origin) carry `{error, message, code}`,
 * whose `error` is read (SPEC section 7); a body that is not JSON, or JSON of another shape (a proxy's
 * error page, say), reads 'Request failed with status {code}' (SPEC section 8), not a parser's complaint.
 */
async function unreadableFailure(response: Response): Promise<string | null> {
  const fallback = requestFailedMessage(response.status);
  if (!response.headers.get('content-type')?.includes('application/json')) return fallback;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return fallback;
  }
  if (isTrpcAnswer(body)) return null;
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error.trim() ? error : fallback;
}

/**
 * The tRPC link's fetch: no answer at all is a ServerUnreachableError, a failure tRPC cannot read
 * reads as unreadableFailure says. A request the app called off stays an abort.
 */
export async function fetchWithStatus(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    throw new ServerUnreachableError({ cause: error });
  }
  if (!response.ok) {
    const message = await unreadableFailure(response);
    if (message) throw new Error(message);
  }
  return response;
}
