import type { Query, QueryClient } from '@tanstack/react-query';
import { isOnline, onConnectionChange } from './connection';
import { SERVER_UNREACHABLE_MESSAGE } from './error-messages';

/**
 * A request that got no answer at all (lib/fetch-with-status.ts raises it): the server is restarting or
 * down, or the connection dropped though the browser thinks it is online. Unlike a refusal (401, 403) or a
 * server error, it says nothing about the call itself: the same call may well succeed once the server is back.
 */
export class ServerUnreachableError extends Error {
  constructor(options?: ErrorOptions) {
    super(SERVER_UNREACHABLE_MESSAGE, options);
    this.name = 'ServerUnreachableError';
  }
}

/** Whether a call failed for want of an answer: ServerUnreachableError itself, or as the cause of tRPC's error. */
export function isServerUnreachable(error: unknown): boolean {
  return error instanceof ServerUnreachableError || (error instanceof Error && error.cause instanceof ServerUnreachableError);
}

const FIRST_CHECK_MS = 2_000;
const LONGEST_WAIT_MS = 30_000;

/** How long to wait before the next check that the server answers again, `checksMade` in: 2 s, doubling up to 30 s. */
export const delayBeforeCheck = (checksMade: number) => Math.min(FIRST_CHECK_MS * 2 ** checksMade, LONGEST_WAIT_MS);

/** Whether the server answers, its database included: /readyz, a request that reads no one's data. */
async function readyzAnswers(): Promise<boolean> {
  try {
    return (await fetch('/readyz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/** A read on screen whose last try got no answer from the server, and that is not being asked again now. */
const failedUnanswered = (query: Query) =>
  query.isActive() && query.state.status === 'error' && query.state.fetchStatus === 'idle' && isServerUnreachable(query.state.error);

type Page = Pick<Document, 'visibilityState' | 'addEventListener'>;

/**
 * Brings back by itself a screen whose reads failed because the server could not be reached (a restart, a
 * moment's outage): a librarian at the desk, or a kiosk nobody watches, stood on the error until someone
 * pressed Try again. While such reads are on screen, it checks whether the server answers, 2 s after the
 * failure and then less and less often (delayBeforeCheck), and when it does, asks those reads again. Reads the
 * server answered with a refusal (a 401 goes to sign in, lib/session-sync.ts) or an error are left to Try
 * again, as are changes: a rental that got no answer may have been made, and is never sent again by itself.
 * Nothing is checked while the page is hidden or the device offline (the reads wait for the connection,
 * lib/connection.ts); the checks start over from 2 s when the page shows or the connection is back.
 */
export function recoverReadsAfterOutage(
  client: QueryClient,
  { serverAnswers = readyzAnswers, page = globalThis.document as Page | undefined }: { serverAnswers?: () => Promise<boolean>; page?: Page } = {},
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  let checksMade = 0;
  let stopWaitingForConnection: (() => void) | undefined;
  const failedReads = () => client.getQueryCache().findAll({ predicate: failedUnanswered });
  const hidden = () => page?.visibilityState === 'hidden';

  const startOver = () => {
    clearTimeout(timer);
    timer = undefined;
    checksMade = 0;
    scheduleCheck();
  };
  const waitForConnection = () => {
    stopWaitingForConnection ??= onConnectionChange((online) => {
      if (!online) return;
      stopWaitingForConnection?.();
      stopWaitingForConnection = undefined;
      startOver();
    });
  };
  // Hidden, the page's showing starts the checks over; offline, the connection's coming back.
  const scheduleCheck = () => {
    if (timer !== undefined || checking) return;
    if (!failedReads().length) {
      checksMade = 0;
      return;
    }
    if (!isOnline()) return waitForConnection();
    if (hidden()) return;
    timer = setTimeout(() => void check(), delayBeforeCheck(checksMade));
  };
  const check = async () => {
    timer = undefined;
    if (!isOnline() || hidden() || !failedReads().length) return scheduleCheck();
    checking = true;
    try {
      if (await serverAnswers()) await client.refetchQueries({ predicate: failedUnanswered }, { cancelRefetch: false });
    } finally {
      checking = false;
    }
    checksMade += 1;
    scheduleCheck();
  };

  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isServerUnreachable(event.action.error)) scheduleCheck();
  });
  page?.addEventListener('visibilitychange', () => {
    if (page.visibilityState === 'visible') startOver();
  });
}
