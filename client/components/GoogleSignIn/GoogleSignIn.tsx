import { Button, Stack, Text, Title } from '@mantine/core';

/** The Google tab of the login page. The popup flow itself lives in use-google-sign-in (issue 7). */
export function GoogleSignIn() {
  return (
    <Stack gap="sm" align="stretch">
      <Title order={2} size="h4">
        Sign in with Google
      </Title>
      <Text size="sm" c="dimmed">
        {"Use your Google account to sign in or create a new account. It's quick, secure, and easy."}
      </Text>
      <Button variant="default" disabled>
        Continue with Google
      </Button>
    </Stack>
  );
}
