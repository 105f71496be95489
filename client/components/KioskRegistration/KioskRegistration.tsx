import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import toast from 'react-hot-toast';
import { kioskRegistrationForm, type User } from '../../../shared/schemas';
import { useZodForm } from '../../hooks/use-zod-form';
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
  const register = trpc.kiosk.registerCustomer.useMutation({
    onSuccess: ({ user }) => {
      toast.success(`Successfully registered "${user.displayName}".`);
      onRegistered(user);
    },
    onError: (error) => form.setErrors({ email: errorMessage(error, callFallbacks.registerCustomer) }),
  });

  return (
    <Paper withBorder shadow="sm" radius="md" p="lg" maw={480} mx="auto">
      <form onSubmit={form.handleSubmit((values) => register.mutate({ libraryId, phoneNumber: phone, ...values }))} noValidate>
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
          <TextInput label="Full Name" autoComplete="name" size="lg" required autoFocus {...form.inputProps('displayName')} />
          <TextInput label="Email Address" type="email" autoComplete="email" size="lg" required {...form.inputProps('email')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="lg" onClick={onCancel} disabled={register.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="lg" loading={register.isPending}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
