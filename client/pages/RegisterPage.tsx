import { Anchor, Button, Container, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { registerInput } from '../../shared/schemas';
import { useLeaveIfSignedInOnArrival, useSignedIn } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useOneAtATime } from '../hooks/use-one-at-a-time';
import { useZodForm } from '../hooks/use-zod-form';
import { registrationErrorMessage } from '../lib/auth-errors';
import { busyProps } from '../lib/busy';
import { AlertRegion } from '../components/LiveRegion';
import { trpc } from '../trpc';

const displayNameHint = 'Spaces, emojis and special characters are welcome.';
const passwordHint = 'At least 8 characters, with uppercase, lowercase and a number.';

/** The Phone Number tab asks for the number; the other drops it from what is sent, even if typed there. */
const byPhone = registerInput.required({ phoneNumber: true });
const byEmail = registerInput.omit({ phoneNumber: true }).strip();
const TAB_PADDING = { base: 'xs', xs: 'md' } as const;
const empty = { email: '', password: '', displayName: '', phoneNumber: '' };
type RegisterFields = ReturnType<typeof useZodForm<typeof registerInput>>;

/** One tab's form, over the fields both tabs share; its server refusal goes when the tab is left. */
function RegisterForm({ withPhone, form }: { withPhone: boolean; form: RegisterFields }) {
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const register = trpc.auth.registerWithPassword.useMutation({ onSuccess: ({ user }) => signedIn(user) });
  const registerOnce = useOneAtATime(register);

  return (
    <form onSubmit={form.handleSubmit((data) => {
        // Home once registered, unless the user has left the page meanwhile (the call's own callback: not after that).
        registerOnce(data, { onSuccess: () => navigate('/') });
      })} noValidate>
      <Stack>
        <AlertRegion>{register.error && registrationErrorMessage(register.error.message)}</AlertRegion>
        {withPhone && <TextInput label="Phone Number" type="tel" autoComplete="tel" placeholder="555 010 0000" required {...form.inputProps('phoneNumber')} />}
        <TextInput label="Display Name" autoComplete="name" description={displayNameHint} required {...form.inputProps('displayName')} />
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" required {...form.inputProps('email')} />
        <PasswordInput label="Password" visibilityToggleFocusable autoComplete="new-password" description={passwordHint} required {...form.inputProps('password')} />
        <Button type="submit" {...busyProps(register.isPending)} fullWidth>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}

export default function RegisterPage() {
  useDocumentTitle('Sign Up');
  useLeaveIfSignedInOnArrival();
  const [tab, setTab] = useState('email');
  // What is typed stays when switching tabs; the messages start afresh, as the other tab asks for other fields.
  const form = useZodForm((tab === 'phone' ? byPhone : byEmail) as typeof registerInput, empty);
  const switchTab = (next: string | null) => {
    if (!next) return;
    setTab(next);
    form.reset(form.values);
  };
  return (
    <Container size={480} py={48}>
      <Title order={1} ta="center">
        Create your account
      </Title>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <Tabs value={tab} onChange={switchTab} keepMounted={false}>
          {/* On one row on a phone (360 px), as the Login page's: its tabs' usual side padding would put 'Phone Number' on a second. */}
          <Tabs.List grow mb="md">
            <Tabs.Tab value="email" px={TAB_PADDING}>
              {'Email & Password'}
            </Tabs.Tab>
            <Tabs.Tab value="phone" px={TAB_PADDING}>
              Phone Number
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="email">
            <RegisterForm withPhone={false} form={form} />
          </Tabs.Panel>
          <Tabs.Panel value="phone">
            <RegisterForm withPhone form={form} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Text ta="center" mt="md" size="sm">
        <Anchor component={Link} href="/login">
          Already have an account? Log in
        </Anchor>
      </Text>
    </Container>
  );
}
