import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import type { Library, MyInvitation } from '../../../shared/schemas';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { busyProps } from '../../lib/busy';
import { errorMessage } from '../../lib/error-messages';
import { focusHeading } from '../../lib/focus-heading';
import { announceAccountChange } from '../../lib/session-sync';
import touch from '../../theme.module.css';
import { trpc } from '../../trpc';
import { ErrorAlert } from '../DataState';
import { DateText } from '../DateText';

const LOAD_FALLBACK = 'Failed to fetch invitations';
const ANSWER_FALLBACK = 'Failed to answer invitation';

/**
 * A library admin's invitations to join a library's staff, on their dashboard: nothing shows until there is one.
 * Accepted, the library joins their picker and is picked; declined, the invitation goes.
 */
export function StaffInvitations({ onJoined }: { onJoined: (library: Library) => void }) {
  const invitations = trpc.staff.myInvitations.useQuery();
  const focusAfterAnswer = useFocusAfterAnswer(invitations.data);
  if (invitations.isError) {
    return <ErrorAlert retry={invitations}>Failed to load invitations: {errorMessage(invitations.error, LOAD_FALLBACK)}</ErrorAlert>;
  }
  if (!invitations.data?.invitations.length) return null;
  return (
    <Stack gap="sm" mb="lg" component="section" aria-labelledby="staff-invitations-heading" ref={focusAfterAnswer.list}>
      <Title order={2} size="h4" id="staff-invitations-heading">
        Staff Invitations
      </Title>
      {invitations.data.invitations.map((invitation) => (
        <InvitationCard key={invitation.libraryId} invitation={invitation} onJoined={onJoined} onAnswered={focusAfterAnswer.answered} />
      ))}
    </Stack>
  );
}

/**
 * An answered invitation's card goes, and the button pressed with it: focus moves to the next invitation's Accept,
 * or, with none left, to the page's heading, rather than falling to the page's body (back to its top for a keyboard
 * or a screen reader). Only when it fell: if it was taken elsewhere meanwhile, it stays there.
 */
function useFocusAfterAnswer(data: unknown) {
  const list = useRef<HTMLDivElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const next = list.current?.querySelector<HTMLElement>('button[data-accept]');
    const main = document.querySelector('main');
    if (next) next.focus();
    else if (main) focusHeading(main, main.querySelector('h1'));
  }, [data]);
  return { list, answered: () => (pending.current = true) };
}

interface InvitationCardProps {
  invitation: MyInvitation;
  onJoined: (library: Library) => void;
  onAnswered: () => void;
}

function InvitationCard({ invitation, onJoined, onAnswered }: InvitationCardProps) {
  const utils = trpc.useUtils();
  const settled = async () => {
    onAnswered();
    await utils.staff.myInvitations.invalidate();
    // The browser's other tabs read this account's libraries again.
    announceAccountChange();
  };
  const onError = (error: unknown) => {
    toast.error(errorMessage(error, ANSWER_FALLBACK));
    // Taken back meanwhile: the list is read again, and it goes.
    void utils.staff.myInvitations.invalidate();
  };
  const accept = trpc.staff.accept.useMutation({
    onSuccess: async (library) => {
      await utils.libraries.list.invalidate();
      toast.success(`You joined the staff of ${library.name}.`);
      onJoined(library);
      await settled();
    },
    onError,
  });
  const decline = trpc.staff.decline.useMutation({
    onSuccess: async () => {
      toast.success(`You declined to join the staff of ${invitation.libraryName}.`);
      await settled();
    },
    onError,
  });
  const acceptOnce = useOneAtATime(accept);
  const declineOnce = useOneAtATime(decline);
  const busy = accept.isPending || decline.isPending;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Invitation to ${invitation.libraryName}`}>
      <Text dir="auto">
        {invitation.invitedBy ?? 'A staff member'} invited you to join the staff of <strong>{invitation.libraryName}</strong>.
      </Text>
      <Group justify="space-between" align="center" mt="sm" gap="sm">
        <Text size="xs" c="dimmed">
          Invited: <DateText date={invitation.invitedAt} />
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            className={touch.fingertip}
            // While it runs, its name is what it shows: 'Declining...'.
            aria-label={decline.isPending ? undefined : `Decline invitation to ${invitation.libraryName}`}
            onClick={() => busy || declineOnce({ libraryId: invitation.libraryId })}
            {...busyProps(decline.isPending)}
          >
            {decline.isPending ? 'Declining...' : 'Decline'}
          </Button>
          <Button
            className={touch.fingertip}
            data-accept
            aria-label={accept.isPending ? undefined : `Accept invitation to ${invitation.libraryName}`}
            onClick={() => busy || acceptOnce({ libraryId: invitation.libraryId })}
            {...busyProps(accept.isPending)}
          >
            {accept.isPending ? 'Joining...' : 'Accept'}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
