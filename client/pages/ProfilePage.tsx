import { Avatar, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { profileInput, type User } from '../../shared/schemas';
import { AuthenticatingSkeleton, type PageFrame } from '../components/AuthGuard';
import { ProfileRentals, RentalHistory } from '../components/ProfileRentals';
import { AlertRegion } from '../components/LiveRegion';
import { SessionCheckAlert } from '../components/SessionCheckAlert';
import { useAuth, useSetSession } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useOneAtATime } from '../hooks/use-one-at-a-time';
import { useZodForm } from '../hooks/use-zod-form';
import { profileUpdateError } from '../lib/error-messages';
import { initials } from '../lib/initials';
import { SAID_ON_PAGE } from '../lib/toast-said-on-page';
import { announceAccountChange } from '../lib/session-sync';
import { trpc } from '../trpc';
import { busyProps } from '../lib/busy';
import { DateText } from '../components/DateText';

const roleNames: Record<User['role'], string> = { user: 'User', admin: 'Administrator', library_admin: 'Library Admin', customer: 'Customer' };

const FRAME: PageFrame = { size: 'sm', py: 'xl' };

export default function ProfilePage() {
  useDocumentTitle('My Profile');
  const { user, isLoading } = useAuth();
  if (isLoading) return <AuthenticatingSkeleton {...FRAME} />;
  if (!user) {
    return (
      <Container {...FRAME}>
        <Title order={1} mb="lg">
          My Profile
        </Title>
        <SessionCheckAlert />
        <Card withBorder padding="xl" radius="md" mt="md">
          <Stack align="center" ta="center">
            <Text>You must be logged in to view your profile.</Text>
            <Button component={Link} href="/login">
              Log In
            </Button>
          </Stack>
        </Card>
      </Container>
    );
  }
  return (
    <Container {...FRAME}>
      <Title order={1} mb="lg">
        My Profile
      </Title>
      <Card withBorder padding="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          Personal Information
        </Title>
        <Group gap="md" mb="lg" wrap="nowrap">
          <Avatar src={user.avatarUrl} alt={user.displayName} size={56} radius="xl" color="brand">
            {initials(user.displayName)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{user.displayName}</Text>
            <Text size="sm" c="dimmed">
              {roleNames[user.role]} · Member since <DateText date={user.createdAt} />
            </Text>
          </Stack>
        </Group>
        <ProfileForm key={user.id} user={user} />
      </Card>
      <Stack mt="lg" gap="lg">
        <ProfileRentals />
        <RentalHistory />
      </Stack>
    </Container>
  );
}

/** One toast for the form's saves: a save's answer replaces the last one's, so they never stand contradicting each other. */
const PROFILE_SAVE_TOAST = 'profile-save';

const formValues = (user: User) => ({ displayName: user.displayName, email: user.email, phoneNumber: user.phoneNumber ?? '' });

function ProfileForm({ user }: { user: User }) {
  const setSession = useSetSession();
  const form = useZodForm(profileInput, formValues(user));
  /** The account as the form last took it in: a field that still holds its value was not edited here. */
  const taken = useRef(formValues(user));
  // The account changed elsewhere (another tab of the browser, or read again after a change on another
  // device): each field not edited here takes the new value, so a save of this form never puts back the
  // name or email it started from. A field being edited keeps what was typed.
  useEffect(() => {
    const next = formValues(user);
    for (const field of ['displayName', 'email', 'phoneNumber'] as const) {
      if (next[field] === taken.current[field] || form.values[field] !== taken.current[field]) continue;
      form.setValue(field, next[field]);
    }
    taken.current = next;
  }, [user.displayName, user.email, user.phoneNumber]);
  const save = trpc.profile.update.useMutation({
    onSuccess: ({ user: updated }) => {
      setSession({ user: updated });
      announceAccountChange();
      form.reset(formValues(updated));
      toast.success('Profile updated successfully!', { id: PROFILE_SAVE_TOAST });
    },
    // Said on the form too, whose alert is read out: the toast is only shown.
    onError: (error) => toast.error(profileUpdateError(error), { id: PROFILE_SAVE_TOAST, ...SAID_ON_PAGE }),
  });
  const saveOnce = useOneAtATime(save);

  // The phone number is sent only when changed in this form: one opened before the number was set on another
  // device, which this tab never heard of, must not clear it with the empty value it started with.
  const send = form.handleSubmit(({ phoneNumber, ...data }) => {
    saveOnce(phoneNumber === (taken.current.phoneNumber || null) ? data : { ...data, phoneNumber });
  });
  // Sent again, the form no longer says why the last save failed: a refusal on the page says why this one was
  // not sent, and the server's answer to this one replaces it.
  const sendAgain = (event: FormEvent<HTMLFormElement>) => {
    if (save.isError) {
      save.reset();
      toast.dismiss(PROFILE_SAVE_TOAST);
    }
    send(event);
  };
  const isCustomer = user.role === 'customer';

  return (
    <form onSubmit={sendAgain} noValidate>
      <Stack>
        <AlertRegion>{save.error && profileUpdateError(save.error)}</AlertRegion>
        <TextInput label="Display Name" autoComplete="name" required {...form.inputProps('displayName')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.inputProps('email')} />
        {/* Only customers sign in at a kiosk by it (staff accounts are refused there). */}
        {isCustomer && (
          <TextInput
            label="Phone Number"
            description="Optional. Enter it at your library's kiosk to rent and return there, as it is saved here (with its country code, if it has one)."
            type="tel"
            autoComplete="tel"
            {...form.inputProps('phoneNumber')}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" {...busyProps(save.isPending)}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
