import { useCallback, useEffect, useRef, useState } from 'react';
import { OAUTH_POPUP_CLOSED_CHECK_MS, OAUTH_POPUP_HEIGHT, OAUTH_POPUP_TIMEOUT_MS, OAUTH_POPUP_WIDTH } from '../../shared/constants';
import { AUTHENTICATION_FAILED, oauthMessageSchema } from '../../shared/oauth';
import type { User } from '../../shared/schemas';
import { trpc } from '../trpc';

const POPUP_BLOCKED = 'Failed to open authentication window. Please check if popup blockers are disabled and try again.';
const ESTABLISH_SESSION_FAILED = 'Failed to complete authentication. Please try again.';
const UNEXPECTED_ERROR = 'An unexpected error occurred during authentication. Please try again.';

const AUTHORIZE_URL = '/_api/auth/oauth_authorize?provider=google';

interface GoogleSignInError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

function openCenteredPopup() {
  const left = window.screenX + Math.max(0, (window.outerWidth - OAUTH_POPUP_WIDTH) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - OAUTH_POPUP_HEIGHT) / 2);
  return window.open(AUTHORIZE_URL, 'google-sign-in', `popup,width=${OAUTH_POPUP_WIDTH},height=${OAUTH_POPUP_HEIGHT},left=${left},top=${top}`);
}

/**
 * Sign-in with Google in a popup (SPEC section 4): the popup posts a temporary token, which is
 * exchanged for a session, or an error. Closing the popup resets the state; after 5 minutes the
 * popup is closed. Only messages from our own origin, from that popup, are read.
 */
export function useGoogleSignIn({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<GoogleSignInError | null>(null);
  const { mutateAsync: establishSession } = trpc.auth.establishSession.useMutation();
  const stopWatching = useRef<() => void>(undefined);
  useEffect(() => () => stopWatching.current?.(), []);

  const exchange = useCallback(
    async (token: string) => {
      try {
        const { user } = await establishSession({ tempToken: token });
        onSuccess(user);
      } catch {
        setPending(false);
        setError({ code: 'establish_session_failed', message: ESTABLISH_SESSION_FAILED });
      }
    },
    [establishSession, onSuccess],
  );

  const signIn = useCallback(() => {
    stopWatching.current?.();
    setError(null);
    try {
      const popup = openCenteredPopup();
      if (!popup || popup.closed) {
        setError({ code: 'popup_blocked', message: POPUP_BLOCKED });
        return;
      }
      setPending(true);

      const onMessage = (event: MessageEvent) => {
        if (event.origin !== window.location.origin || event.source !== popup) return;
        const parsed = oauthMessageSchema.safeParse(event.data);
        if (!parsed.success) return;
        stop();
        popup.close();
        const message = parsed.data;
        if (message.type === 'OAUTH_TOKEN_SUCCESS') return void exchange(message.token);
        setPending(false);
        setError({ ...message.error, message: message.error.message || AUTHENTICATION_FAILED });
      };
      // The popup posts its message and closes itself: once it is seen closed, one more check
      // lets that last message arrive before the state resets.
      let seenClosed = false;
      const closedCheck = setInterval(() => {
        if (!popup.closed) return;
        if (!seenClosed) return void (seenClosed = true);
        stop();
        setPending(false);
      }, OAUTH_POPUP_CLOSED_CHECK_MS);
      const timeout = setTimeout(() => {
        stop();
        popup.close();
        setPending(false);
      }, OAUTH_POPUP_TIMEOUT_MS);
      function stop() {
        clearInterval(closedCheck);
        clearTimeout(timeout);
        window.removeEventListener('message', onMessage);
        stopWatching.current = undefined;
      }
      window.addEventListener('message', onMessage);
      stopWatching.current = stop;
    } catch {
      stopWatching.current?.();
      setPending(false);
      setError({ code: 'unexpected', message: UNEXPECTED_ERROR });
    }
  }, [exchange]);

  return { signIn, isPending, error, clearError: () => setError(null) };
}
