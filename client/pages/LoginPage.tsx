import { Anchor, Button, Container, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { loginInput } from '../../shared/schemas/user';
import { GoogleSignIn } from '../components/GoogleSignIn';
import { AlertRegion } from '../components/LiveRegion';
import { SessionCheckAlert } from '../components/SessionCheckAlert';
import { useLeaveIfSignedInOnArrival, useSignInThenGoHome } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useHydrated } from '../hooks/use-hydrated';
import { useOneAtATime } from '../hooks/use-one-at-a-time';
import { useZodForm } from '../hooks/use-zod-form';
import { loginErrorMessage } from '../lib/auth-errors';
import { busyProps } from '../lib/busy';
import { returnAfterCheck } from '../lib/return-after-check';
import { trpc } from '../trpc';

export default function LoginPage() {
  useDocumentTitle('Login');
  useLeaveIfSignedInOnArrival();
  const [, navigate] = useLocation();
  const signInThenGoHome = useSignInThenGoHome();
  const form = useZodForm(loginInput, { email: '', password: '' });
  // The server sends this page prerendered. Until the app has taken it over, the form is marked disabled, its
  // fields are read-only and it has no submit button: what one typed or clicked would be lost, or the browser
  // would send the form itself (a GET, with the password in the address).
  const hydrated = useHydrated();
  const login = trpc.auth.loginWithPassword.useMutation({
    onSuccess: ({ user }) => signInThenGoHome(user),
  });
  const loginOnce = useOneAtATime(login);

  // Signing in, or signed in and about to leave: the button reads as disabled but keeps the focus.
  const busy = login.isPending || login.isSuccess;

  return (
    <Container size={460} py={48}>
      <Title order={1} ta="center">
        Welcome Back
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        Sign in with your email and password or use Google OAuth.
      </Text>
      {/* A user found signed in when the check is asked again goes back to the page a guard sent them here from, else home. */}
      <SessionCheckAlert mt="lg" onSignedIn={() => navigate(returnAfterCheck(), { replace: true })} />
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md" aria-disabled={hydrated ? undefined : true}>
        <Tabs defaultValue="email">
          <Tabs.List grow mb="md">
            <Tabs.Tab value="email">{'Email & Password'}</Tabs.Tab>
            <Tabs.Tab value="google">Google Login</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="email">
            <form onSubmit={form.handleSubmit((data) => {
              if (!busy) loginOnce(data);
            })} noValidate>
              <Stack>
                <AlertRegion title="Login failed">{login.error && loginErrorMessage(login.error.message)}</AlertRegion>
                <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" required readOnly={!hydrated} {...form.inputProps('email')} />
                <PasswordInput label="Password" visibilityToggleFocusable autoComplete="current-password" placeholder="Your password" required readOnly={!hydrated} {...form.inputProps('password')} />
                <Button type={hydrated ? 'submit' : 'button'} loading={false} {...busyProps(busy)} fullWidth>
                  {login.isPending ? 'Logging in...' : 'Log In'}
                </Button>
              </Stack>
            </form>
          </Tabs.Panel>
          <Tabs.Panel value="google">
            <GoogleSignIn />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Text ta="center" mt="md" size="sm">
        {"Don't have an account?"}{' '}
        <Anchor component={Link} href="/register">
          Sign up
        </Anchor>
      </Text>
    </Container>
  );
}
