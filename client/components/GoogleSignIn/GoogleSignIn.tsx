import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { POST_LOGIN_REDIRECT_MS } from '../../../shared/constants';
import { ACCOUNT_LINKING_REQUIRED_CODE } from '../../../shared/oauth';
import type { User } from '../../../shared/schemas';
import { useSignedIn } from '../../hooks/use-auth';
import { useGoogleSignIn } from '../../hooks/use-google-sign-in';

/** The Google tab of the login page: the popup sign-in, its errors, and the 'Account Already Exists' card. */
export function GoogleSignIn() {
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  const { signIn, isPending, error, clearError } = useGoogleSignIn({
    onSuccess: (user: User) => {
      signedIn(user);
      redirect.current = setTimeout(() => navigate('/'), POST_LOGIN_REDIRECT_MS);
    },
  });

  if (error?.code === ACCOUNT_LINKING_REQUIRED_CODE) {
    return (
      <Card withBorder padding="lg" radius="md" role="alert">
        <Title order={2} size="h4">
          Account Already Exists
        </Title>
        <Text size="sm" mt="xs">
          {error.message}
        </Text>
        <Button mt="md" onClick={clearError}>
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
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <Button variant="default" onClick={signIn} loading={isPending}>
        Continue with Google
      </Button>
    </Stack>
  );
}
