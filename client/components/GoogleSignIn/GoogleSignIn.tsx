import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { ACCOUNT_LINKING_REQUIRED_CODE } from '../../../shared/oauth';
import { useSignInThenGoHome } from '../../hooks/use-auth';
import { useGoogleSignIn } from '../../hooks/use-google-sign-in';
import { busyProps } from '../../lib/busy';
import { AlertRegion } from '../LiveRegion';

/** The Google tab of the login page: the popup sign-in, its errors, and the 'Account Already Exists' card. */
export function GoogleSignIn() {
  const signInThenGoHome = useSignInThenGoHome();
  const continueButton = useRef<HTMLButtonElement>(null);
  const gotItButton = useRef<HTMLButtonElement>(null);
  const { signIn, isPending, error, clearError } = useGoogleSignIn({
    onSuccess: signInThenGoHome,
  });

  const linkingRequired = error?.code === ACCOUNT_LINKING_REQUIRED_CODE;
  // The card takes the place of the button that had the focus: the focus goes to its own button, not to the page.
  useEffect(() => {
    if (linkingRequired) gotItButton.current?.focus();
  }, [linkingRequired]);

  if (linkingRequired) {
    return (
      <Card withBorder padding="lg" radius="md" role="alert">
        <Title order={2} size="h4">
          Account Already Exists
        </Title>
        <Text size="sm" mt="xs">
          {error.message}
        </Text>
        {/* The card, and this button with it, goes: focus moves to the way to try again, not to the page. */}
        <Button
          ref={gotItButton}
          mt="md"
          onClick={() => {
            flushSync(clearError);
            continueButton.current?.focus();
          }}
        >
          Got it
        </Button>
      </Card>
    );
  }

  return (
    <Stack gap="sm" align="stretch">
      <Title order={2} size="h4">
        Sign in with Google
      </Title>
      <Text size="sm" c="dimmed">
        {"Use your Google account to sign in or create a new account. It's quick, secure, and easy."}
      </Text>
      <AlertRegion>{error?.message}</AlertRegion>
      {/* Busy rather than disabled while the popup is open: a disabled button would drop the focus to the page. */}
      <Button ref={continueButton} variant="default" onClick={() => isPending || signIn()} loading={false} {...busyProps(isPending)}>
        Continue with Google
      </Button>
    </Stack>
  );
}
