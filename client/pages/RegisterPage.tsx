import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { registerInput } from '../../shared/schemas';
import { useLeaveIfSignedInOnArrival, useSignedIn } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useZodForm } from '../hooks/use-zod-form';
import { registrationErrorMessage } from '../lib/auth-errors';
import { busyProps } from '../lib/busy';
import { trpc } from '../trpc';

const displayNameHint = 'Spaces, emojis and special characters are welcome.';
const passwordHint = 'At least 8 characters, with uppercase, lowercase and a number.';

/** What is typed on either tab: switching tabs keeps it (each tab's form starts from it). */
interface Draft {
  email: string;
  password: string;
  displayName: string;
  phoneNumber: string;
}
const emptyDraft: Draft = { email: '', password: '', displayName: '', phoneNumber: '' };

function RegisterForm({ withPhone, draft, onDraft }: { withPhone: boolean; draft: Draft; onDraft: (values: Partial<Draft>) => void }) {
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const schema = withPhone ? registerInput.required({ phoneNumber: true }) : registerInput.omit({ phoneNumber: true });
  const { phoneNumber: _phoneNumber, ...shared } = draft;
  const form = useZodForm(schema as typeof registerInput, withPhone ? draft : shared);
  useEffect(() => onDraft(form.values as Partial<Draft>), [form.values, onDraft]);
  const register = trpc.auth.registerWithPassword.useMutation({
    onSuccess: ({ user }) => {
      signedIn(user);
      navigate('/');
    },
  });

  return (
    <form onSubmit={form.handleSubmit((data) => {
        if (!register.isPending) register.mutate(data);
      })} noValidate>
      <Stack>
        {register.error && (
          <Alert color="red" role="alert">
            {registrationErrorMessage(register.error.message)}
          </Alert>
        )}
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
  const [draft, setDraft] = useState(emptyDraft);
  const keepDraft = useCallback((values: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...values })), []);
  return (
    <Container size={480} py={48}>
      <Title order={1} ta="center">
        Create your account
      </Title>
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        <Tabs defaultValue="email" keepMounted={false}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="email">{'Email & Password'}</Tabs.Tab>
            <Tabs.Tab value="phone">Phone Number</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="email">
            <RegisterForm withPhone={false} draft={draft} onDraft={keepDraft} />
          </Tabs.Panel>
          <Tabs.Panel value="phone">
            <RegisterForm withPhone draft={draft} onDraft={keepDraft} />
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
