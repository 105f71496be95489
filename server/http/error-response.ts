import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { EMAIL_IN_USE } from '../../shared/accounts';
import { AppError, badRequest, conflict, isDatabaseUnavailable, isUniqueViolation, notJson, payloadTooLarge } from '../errors';
import { LIBRARY_NAME_TAKEN } from '../services/libraries';
import { ALREADY_RENTED } from '../services/rentals';
import { ALREADY_REVIEWED } from '../services/reviews';
import { PHONE_IN_USE } from '../services/users';
import { loggableError, loggableUrl } from './logging';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE_MESSAGE = 'The library service is temporarily unavailable. Please try again in a moment.';
export const UNREADABLE_BODY = 'The request body could not be read.';
const NO_SUCH_CALL = 'There is no call by that name.';
const WRONG_METHOD = 'This call is not made with this method: queries are sent with GET, changes with POST.';
export const UNREADABLE_REQUEST = 'The request could not be read.';

/** Unique constraints that stand for a rule the user broke: their violation is a 409 with the rule's text. */
const CONFLICTS = new Map([
  ['users_email_unique', EMAIL_IN_USE],
  ['users_phone_number_unique', PHONE_IN_USE],
  ['rentals_one_active_per_customer_book', ALREADY_RENTED],
  ['reviews_book_user_unique', ALREADY_REVIEWED],
  ['libraries_name_unique', LIBRARY_NAME_TAKEN],
]);

/** The status Fastify gave an error of its own (body too large, not JSON, unreadable). */
function fastifyStatus(error: unknown) {
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * What a failure means to the user, if anything: a domain error, a broken unique rule, or a refusal
 * by Fastify (only its own errors come unwrapped with a status: tRPC wraps what a procedure throws).
 */
function domainError(error: unknown): AppError | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError) return cause;
  const constraint = isUniqueViolation(cause) ? (cause as { constraint?: string }).constraint : undefined;
  const conflictMessage = constraint && CONFLICTS.get(constraint);
  if (conflictMessage) return conflict(conflictMessage);
  const status = fastifyStatus(error);
  if (status === 413) return payloadTooLarge();
  if (status === 415) return notJson();
  // Its body parser's refusals (not JSON, empty, cut short) in the words tRPC's own parser is answered with.
  if (status) return badRequest(/^FST_ERR_CTP_/.test(String((error as { code?: unknown }).code)) ? UNREADABLE_BODY : UNREADABLE_REQUEST);
  return undefined;
}

/**
 * The one place a failure becomes what both doors (/trpc and /_api) answer: a domain error its
 * status and text, an unreachable database a 503 a client retries, anything else a 500 that says
 * nothing of its cause. tRPC's own refusals (invalid input) stay as they are. A rate limit's
 * Retry-After goes on the reply.
 */
export function mapFailure(error: unknown, reply: FastifyReply): TRPCError {
  const domain = domainError(error);
  if (domain) {
    if (domain.retryAfterSeconds) reply.header('retry-after', String(domain.retryAfterSeconds));
    return new TRPCError({ code: domain.kind, message: domain.message, cause: domain });
  }
  const trpcError = error instanceof TRPCError ? error : undefined;
  if (trpcError && trpcError.code !== 'INTERNAL_SERVER_ERROR') return trpcError;
  const cause = trpcError ? trpcError.cause : error;
  if (isDatabaseUnavailable(cause)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause });
  return trpcError ?? new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: cause instanceof Error ? cause : undefined });
}

/** zod's own wording ('Invalid input: expected object, received string'), as opposed to the spec's messages the schemas carry. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid (option|string|element|key|union)\b|Unrecognized key|Too (small|big):)/;

/** A validation failure in words a person reads: the schema's message, or a plain one naming the field. */
function validationMessage(issue: ZodError['issues'][number] | undefined): string {
  if (!issue) return 'The request is not valid.';
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  // Field names are echoed only when they look like ours, never arbitrary text a caller sent.
  const named = (path: PropertyKey[]) => path.length > 0 && path.every((k) => /^[A-Za-z][A-Za-z0-9]{0,40}$|^\d{1,4}$/.test(String(k)));
  if (issue.code === 'unrecognized_keys') {
    return named(issue.keys) ? `Unknown field: ${issue.keys.join(', ')}.` : 'The request has fields this call does not take.';
  }
  if (issue.path.length === 0) return 'The request must be an object with the fields this call expects.';
  return named(issue.path) ? `The field ${issue.path.join('.')} is not valid.` : 'The request has a field that is not valid.';
}

/**
 * A fault's text names the request (the start of its id: the `x-request-id` header, and the `reqId` of the
 * fault's log line), so a user who reports it points staff at the line with its cause.
 */
const internalMessage = (requestId?: string) => (requestId ? `${INTERNAL_MESSAGE} (Reference: ${requestId.slice(0, 8)})` : INTERNAL_MESSAGE);

/** The user-facing text of any error: the first failing field's message for validation errors. */
export function publicMessage(error: TRPCError, requestId?: string): string {
  if (error.cause instanceof ZodError) return validationMessage(error.cause.issues[0]);
  if (error.code === 'INTERNAL_SERVER_ERROR') return internalMessage(requestId);
  if (error.code === 'PARSE_ERROR') return UNREADABLE_BODY;
  if (!(error.cause instanceof AppError)) {
    // tRPC's own input failures (a superjson payload that cannot be revived) carry the library's text.
    if (error.code === 'BAD_REQUEST') return error.cause ? UNREADABLE_BODY : UNREADABLE_REQUEST;
    // tRPC's refusals of a request it cannot route (an unknown procedure, the wrong method) name what was sent.
    if (error.code === 'NOT_FOUND') return NO_SUCH_CALL;
    if (error.code === 'METHOD_NOT_SUPPORTED') return WRONG_METHOD;
  }
  return error.message;
}

/**
 * A failed call in the log, through either door: a fault in full (with its stack) at error level;
 * an unreachable database as one warning line with the driver's reason, since each request made
 * during an outage says the same.
 */
export function logFailure(log: FastifyBaseLogger, error: TRPCError, where: string) {
  // A procedure's name, or the request's URL: its secrets and searches are kept out, as in its request line.
  const path = loggableUrl(where);
  // A domain's own 503 (the book providers down) was logged where it was known.
  if (error.code === 'SERVICE_UNAVAILABLE' && !(error.cause instanceof AppError)) {
    const reason = error.cause instanceof Error ? loggableError(error.cause).message : undefined;
    log.warn({ path, reason }, 'database unavailable');
  } else if (error.code === 'INTERNAL_SERVER_ERROR') {
    log.error({ err: error.cause ?? error, path }, 'request failed');
  }
}

/**
 * What any failure answers: its status and the JSON body {error, message, code, details?}. A refusal by
 * Fastify keeps its status (a static file's 416, say). A fault is logged here.
 */
export function failureAnswer(reply: FastifyReply, error: unknown) {
  const failure = mapFailure(error, reply);
  logFailure(reply.log, failure, reply.request.url);
  const message = publicMessage(failure, reply.request.id);
  const details = failure.cause instanceof AppError ? failure.cause.details : undefined;
  const status = fastifyStatus(error) ?? getHTTPStatusCodeFromError(failure);
  return { status, body: { error: message, message, code: failure.code, ...(details ? { details } : {}) } };
}

/** Answers any failure as JSON (failureAnswer). */
export function sendError(reply: FastifyReply, error: unknown) {
  const { status, body } = failureAnswer(reply, error);
  return reply.status(status).send(body);
}
