/** What kind of failure an AppError is: http/error-response.ts gives each its status. */
export type Kind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_SUPPORTED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE';

/** A domain failure with the text the user reads. Mapped to a status in one place (http/error-response.ts). */
export class AppError extends Error {
  constructor(
    readonly kind: Kind,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthorized = (message = 'You must be logged in.') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
/** A documented path asked with a method it does not take; the text names those it takes. */
export const methodNotSupported = (message: string) => new AppError('METHOD_NOT_SUPPORTED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const payloadTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
export const notJson = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Requests must be sent as JSON.');
/** A service we depend on (not the database, which http/error-response.ts names itself) did not answer. */
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);
/** How long until a limit's window ends, as a person says it: rounded up to the minute past one. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  // A day's window (library creation) is said in hours, not as 1,380 minutes.
  return `${Math.ceil(minutes / 60)} hours`;
}

/** A rate limit reached: the text names the wait, which Retry-After carries too. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('TOO_MANY_REQUESTS', `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`, undefined, retryAfterSeconds);

/** PostgreSQL's unique_violation, for constraints the database enforces. */
export function isUniqueViolation(error: unknown, constraint?: string) {
  const e = error as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * PostgreSQL unreachable: connection refused or cut (also mid-query, while it shuts down),
 * starting up, or too many clients. Wrapped errors are looked through.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  return (
    // 57014: a statement cancelled at its time limit (db/orm.ts), waiting for a lock held elsewhere, say.
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57014', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001'].includes(
      e.code ?? '',
    ) ||
    // knex's 'Transaction query already complete': the transaction's connection died under it;
    // pg's 'timeout expired': no answer within connectionTimeoutMillis (db/orm.ts);
    // 'connect ENOENT /tmp/.s.PGSQL.n': the embedded cluster is down and its socket file gone.
    /^timeout expired$|Connection terminated|Connection ended unexpectedly|not queryable|Transaction query already complete|connect ECONNREFUSED|the database system is (starting up|shutting down|in recovery mode)|Knex: Timeout acquiring a connection|connect ENOENT .*\.s\.PGSQL/.test(
      e.message ?? '',
    ) ||
    (e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause))
  );
}

/** What a thrown value says: an Error's message, or the value itself as text. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
