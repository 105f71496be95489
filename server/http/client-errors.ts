import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { UNREADABLE_REQUEST } from './error-response';

const TOO_LONG = "The request's address or headers are too long.";
const TOO_SLOW = 'The request took too long to arrive.';

/** What a request Node could not parse is answered, by its parser's code: as every refusal reads. */
function refusal(code: string | undefined): { status: number; message: string; code: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: TOO_LONG, code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: TOO_SLOW, code: 'TIMEOUT' };
  return { status: 400, message: UNREADABLE_REQUEST, code: 'BAD_REQUEST' };
}

/**
 * Fastify's clientErrorHandler: a request Node's parser refused (headers or address too long, a
 * malformed request line or header) never reaches a route, and Node's own answer is not the app's
 * `{error, message, code}`. Written on the socket, which then closes, as Node would.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message, code } = refusal(error.code);
  const body = JSON.stringify({ error: message, message, code });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
