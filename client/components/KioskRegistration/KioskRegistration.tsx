import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { EMAIL_IN_USE } from '../../../shared/accounts';
import { kioskRegistrationForm, type User } from '../../../shared/schemas';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useZodForm } from '../../hooks/use-zod-form';
import { busyButtonProps } from '../../lib/busy';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';

interface KioskRegistrationProps {
  libraryId: number;
  phone: string;
  onRegistered: (customer: User) => void;
  onCancel: () => void;
}

/** A walk-in patron registers with the phone number they typed; a refusal (email in use, say) shows on the email field. */
export function KioskRegistration({ libraryId, phone, onRegistered, onCancel }: KioskRegistrationProps) {
  const form = useZodForm(kioskRegistrationForm, { displayName: '', email: '' });
  const register = trpc.kiosk.registerCustomer.useMutation();
  const registerOnce = useOneAtATime(register);
  // The call's own callbacks: a registration answered after Cancel or the idle clear signs nobody in on the next person's screen.
  const send = form.handleSubmit((values) => {
    registerOnce(
      { libraryId, phoneNumber: phone, ...values },
      {
        onSuccess: ({ user }) => {
          toast.success(`Successfully registered "${user.displayName}".`);
          onRegistered(user);
        },
        onError: (error) => form.setErrors({ email: errorMessage(error, callFallbacks.registerCustomer) }),
      },
    );
  });
  // The refusal shows on the email field: focus goes there, so that it is read out.
  const email = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (register.error) email.current?.focus();
  }, [register.error]);

  const emailProps = form.inputProps('email');

  return (
    <Paper withBorder shadow="sm" radius="md" p="lg" maw={480} mx="auto">
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2}>New Customer Registration</Title>
            <Text c="dimmed">
              Registering with phone number{' '}
              <Text span fw={600} c="dark" inherit>
                {phone}
              </Text>
            </Text>
          </div>
          {/* A shared terminal: what one patron types is never offered to the next (autoComplete off). */}
          <TextInput label="Full Name" autoComplete="off" size="lg" required autoFocus {...form.inputProps('displayName')} />
          <TextInput
            ref={email}
            label="Email Address"
            type="email"
            autoComplete="off"
            size="lg"
            required
            {...emailProps}
            // A patron who joined online: their account takes this number on its profile page, and then signs in here by it.
            description={emailProps.error === EMAIL_IN_USE ? 'Already have an account? Add this phone number on your profile page as you typed it here, then sign in here with it.' : undefined}
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="lg" onClick={onCancel} disabled={register.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="lg" {...busyButtonProps(register.isPending)}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
