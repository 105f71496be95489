import { Alert, Button } from '@mantine/core';
import { useSessionCheckFailure } from '../../hooks/use-auth';
import { busyProps } from '../../lib/busy';

/**
 * Why the user reads as signed out when the session check failed (SPEC section 8: a failed check is
 * unauthenticated, with its message), and a way to ask again: a user who is signed in and met a
 * dropped connection or a restarting server need not sign in again for it. `onSignedIn` runs when the
 * check, asked again (by Try again or otherwise), finds them signed in (the page itself shows the user
 * otherwise). Inside a notice that is itself an alert (`withinAlert`), it is a labelled group of it rather
 * than an alert again. Nothing when the check has not failed.
 */
export function SessionCheckAlert({ mt, onSignedIn, withinAlert }: { mt?: string; onSignedIn?: () => void; withinAlert?: boolean }) {
  const { error, retrying, retry } = useSessionCheckFailure(onSignedIn);
  if (!error) return null;
  return (
    <Alert color="red" title="Could not check your sign-in" role={withinAlert ? 'group' : 'alert'} mt={mt}>
      {error}
      <Button display="block" mt="sm" size="xs" variant="default" onClick={() => retrying || retry()} {...busyProps(retrying)}>
        {retrying ? 'Checking...' : 'Try again'}
      </Button>
    </Alert>
  );
}
