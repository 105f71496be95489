import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { POST_LOGIN_REDIRECT_MS } from '../../shared/constants';
import type { User } from '../../shared/schemas';
import { isOnline } from '../lib/connection';
import { errorMessage } from '../lib/error-messages';
import { lazyToast } from '../lib/lazy-toast';
import { OFFLINE_CHANGE_MESSAGE } from '../lib/offline-mutations';
import { returnAfterCheck } from '../lib/return-after-check';
import { announceSessionChange, forgetOtherUsersData, SESSION_CHANGED_KEY } from '../lib/session-sync';
import { trpc } from '../trpc';

// A failed check is not asked again by a page that mounts (React Query's default): that would blank the
// failure, and show a bare sign-in page while the outage lasts. It is asked again by 'Try again'.
const SESSION_QUERY = { staleTime: Infinity, gcTime: Infinity, retry: 1, retryOnMount: false } as const;

type SessionQuery = ReturnType<typeof trpc.auth.session.useQuery>;
/** A failed check's message (SPEC section 8: 'Session check failed' when it has none), or null. */
const checkError = (session: SessionQuery) => (session.isError ? session.error.message || 'Session check failed' : null);

/**
 * The signed-in user. The session is cached indefinitely and retried once (SPEC section 4).
 * A failed check counts as signed out, with its message. A check waiting for the connection (offline,
 * with no saved copy to start from) is still loading: who is signed in is not known yet, and a guard
 * must not send the user to sign in for it.
 */
export function useAuth() {
  const session = trpc.auth.session.useQuery(undefined, SESSION_QUERY);
  const user = session.data?.user ?? null;
  return {
    user,
    // Not merely isLoading, which is false while the check is paused: fetching, or waiting to fetch.
    // (A prerendered page has neither: it is rendered signed out.)
    isLoading: session.isPending && session.fetchStatus !== 'idle',
    error: checkError(session),
  };
}

/**
 * Why the session check failed (null when it has not), and a way to ask again: for the pages a failed
 * check leaves signed out (the sign-in page it sends the user to, the profile, the kiosk), to say why.
 * `onSignedIn` runs when the check, asked again after it failed (by Try again, or by the app itself), finds
 * the user signed in: what the server answered decides, not who asked. Not for a sign-in made meanwhile on
 * the page, which sets the session without asking (and so leaves the count of failed tries as it was).
 */
export function useSessionCheckFailure(onSignedIn?: () => void) {
  // Shown because the check failed: its mounting must not ask again by itself (SESSION_QUERY), which would
  // put the page back to loading, unmount this, and so on.
  const session = trpc.auth.session.useQuery(undefined, SESSION_QUERY);
  const failed = useRef(false);
  const answered = session.isSuccess && !session.isFetching && session.failureCount === 0;
  const signedIn = !!session.data?.user;
  useEffect(() => {
    if (session.isError) failed.current = true;
    else if (answered && failed.current) {
      failed.current = false;
      if (signedIn) onSignedIn?.();
    }
  }, [session.isError, answered, signedIn, onSignedIn]);
  return {
    error: checkError(session),
    retrying: session.isFetching,
    retry: () => void session.refetch(),
  };
}

/**
 * Whether someone is signed in, for a page that needs only that: false until the session check says
 * otherwise. Unlike useAuth, the end of the check re-renders the page only when the answer is yes.
 */
export function useIsAuthenticated(): boolean {
  return trpc.auth.session.useQuery(undefined, { ...SESSION_QUERY, placeholderData: { user: null }, select: (session) => !!session.user }).data === true;
}

/**
 * The sign-in and sign-up pages are for someone signed out: who arrives on one already signed in goes
 * home instead, the page replaced in the history as the guards do; or, sent here by a guard whose session
 * check failed (an outage), back to the page they were on, as 'Try again' takes them (returnAfterCheck):
 * the entry keeps it through reloads, made during the outage or once it is over. Decided on the session
 * check's first answer, and again when another tab of the browser signs in or out (the check is then
 * asked again): a sign-in made on the page itself keeps its own way home (and its delay).
 */
export function useLeaveIfSignedInOnArrival() {
  const [, navigate] = useLocation();
  const session = trpc.auth.session.useQuery(undefined, SESSION_QUERY);
  const decided = useRef(false);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_CHANGED_KEY) decided.current = false;
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const answered = !session.isPending && !session.isFetching;
  const signedIn = !!session.data?.user;
  useEffect(() => {
    if (!answered || decided.current) return;
    decided.current = true;
    if (signedIn) navigate(returnAfterCheck(), { replace: true });
  }, [answered, signedIn, navigate]);
}

/**
 * Sets the session as a sign-in, logout or account change here leaves it. A read of it still under way was
 * asked before, with the cookie this change replaced or none: it is called off, or its late answer (nobody
 * signed in, or the account as it was) would take the place of this one.
 */
export function useSetSession() {
  const utils = trpc.useUtils();
  return (session: { user: User | null }) => {
    void utils.auth.session.cancel();
    utils.auth.session.setData(undefined, session);
  };
}

/** A sign-in (password, registration, Google): the session names the new user and nothing of the last one's data stays. */
export function useSignedIn() {
  const setSession = useSetSession();
  const queryClient = useQueryClient();
  return (user: User) => {
    setSession({ user });
    forgetOtherUsersData(queryClient);
    announceSessionChange();
  };
}

/**
 * The login page's sign-ins (password, Google): signed in, then home after a moment (SPEC: 200 ms), unless
 * the user has left the page meanwhile (Back, or the page's own links).
 */
export function useSignInThenGoHome() {
  const [location, navigate] = useLocation();
  const signedIn = useSignedIn();
  // The page the sign-in runs on. Left before the answer came or before the moment is up (the page may
  // still be mounted, hidden, while the next one loads): the answer signs the user in, and takes them nowhere.
  const page = useRef(location);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  return (user: User) => {
    signedIn(user);
    redirect.current = setTimeout(() => window.location.pathname === page.current && navigate('/'), POST_LOGIN_REDIRECT_MS);
  };
}

/**
 * Logout clears the cached user and their data at once, then tells the server (SPEC section 4). Whenever
 * the server could not end the session, the answer is false and the user is told: offline it is refused
 * first, with the offline message; a call that fails shows its error and the user signed in again, as the
 * server still has them. Otherwise the next page load would sign the same person in again on this device.
 */
export function useLogout() {
  const utils = trpc.useUtils();
  const setSession = useSetSession();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();
  return async (): Promise<boolean> => {
    if (!isOnline()) {
      void lazyToast().then((toast) => toast.error(OFFLINE_CHANGE_MESSAGE, { id: 'offline-logout' }));
      return false;
    }
    const signedIn = utils.auth.session.getData();
    setSession({ user: null });
    forgetOtherUsersData(queryClient);
    try {
      await logout.mutateAsync({});
      announceSessionChange();
      return true;
    } catch (error) {
      if (signedIn) setSession(signedIn);
      void lazyToast().then((toast) => toast.error(`${LOGOUT_FAILED} ${errorMessage(error)}`, { id: 'logout-failed' }));
      return false;
    }
  };
}

const LOGOUT_FAILED = 'You are still signed in: the server could not end your session.';
