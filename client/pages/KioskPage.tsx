import { Button, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { STAFF_ROLES } from '../../shared/accounts';
import { MAX_ID } from '../../shared/schemas';
import { ErrorAlert, NotLoadedOffline } from '../components/DataState';
import { type KioskCustomer, KioskCustomerScreen } from '../components/KioskCustomerScreen';
import { KioskLayout, KioskNotice } from '../components/KioskLayout';
import { KioskPhoneScreen } from '../components/KioskPhoneScreen';
import { KioskRegistration } from '../components/KioskRegistration';
import { useAuth } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { inactivityTimesFrom, useKioskInactivity } from '../hooks/use-kiosk-inactivity';
import { useKioskHistoryGuard } from '../hooks/use-kiosk-history-guard';
import { useOnlineStatus } from '../hooks/use-online-status';
import { callFallbacks, errorMessage } from '../lib/error-messages';
import { focusHeading } from '../lib/focus-heading';
import { trpc } from '../trpc';

function Loading() {
  const online = useOnlineStatus();
  if (!online) return <NotLoadedOffline />;
  return (
    <Stack aria-busy="true" aria-label="Loading kiosk">
      <Skeleton height={48} />
      <Skeleton height={320} />
    </Stack>
  );
}

/**
 * A number typed, or a registration, left half done by someone who walked away: after the kiosk's idle
 * time (as on the customer screen, `?inactivityMs=N` shortens it) it is cleared for the next person.
 */
function ClearWhenIdle({ onIdle }: { onIdle: () => void }) {
  const search = useSearch();
  const [times] = useState(() => inactivityTimesFrom(search));
  useKioskInactivity({ ...times, onTimeout: onIdle });
  return null;
}

/**
 * A new screen (the customer's, after identifying or registering; the phone screen, after Logout or
 * Cancel) takes away the button that had focus. Unless the screen focuses a field of its own, focus goes
 * to its heading, which is read out, rather than falling to the page. The returned ref holds the screens.
 */
function useFocusOnNewScreen(screen: string) {
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    const heading = container.current?.querySelector<HTMLElement>('h2');
    if (heading && container.current) focusHeading(container.current, heading);
  }, [screen]);
  return container;
}

/**
 * What a patron leaves in the terminal's memory, dropped as the next person's round starts: their rentals,
 * the books they searched for, and who the lookup or registration found. Kept, it would stay minutes in the
 * cache and in its saved copy (lib/offline-cache.ts), under the staff member's account.
 */
function useForgetPatron() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.rentals.list) });
    queryClient.removeQueries({ queryKey: getQueryKey(trpc.books.list) });
    queryClient.getMutationCache().clear();
  };
}

/** Phone entry, optional registration, the customer's session, and back to phone entry (SPEC section 4). */
function KioskSession({ libraryId }: { libraryId: number }) {
  useKioskHistoryGuard();
  const [phone, setPhone] = useState('');
  const [registering, setRegistering] = useState(false);
  const [customer, setCustomer] = useState<KioskCustomer | null>(null);
  // A new round starts the phone screen afresh, its messages gone.
  const [round, setRound] = useState(0);

  const signIn = (next: KioskCustomer) => {
    setRegistering(false);
    setCustomer(next);
  };
  const forgetPatron = useForgetPatron();
  const startOver = () => {
    forgetPatron();
    setCustomer(null);
    setRegistering(false);
    setPhone('');
    setRound((n) => n + 1);
  };

  const container = useFocusOnNewScreen(customer ? `customer ${customer.id}` : registering ? 'registration' : `phone ${round}`);

  return (
    <div ref={container}>
      {customer ? (
        <KioskCustomerScreen key={customer.id} libraryId={libraryId} customer={customer} onLogout={startOver} />
      ) : (
        <>
          {(registering || phone !== '') && <ClearWhenIdle key={round} onIdle={startOver} />}
          {registering ? (
            <KioskRegistration key={round} libraryId={libraryId} phone={phone} onRegistered={signIn} onCancel={() => setRegistering(false)} />
          ) : (
            <KioskPhoneScreen key={round} libraryId={libraryId} phone={phone} onPhoneChange={setPhone} onIdentified={signIn} onRegister={() => setRegistering(true)} />
          )}
        </>
      )}
    </div>
  );
}

/** A self-service terminal that staff open for one library; its checks come in the spec's order. */
export default function KioskPage() {
  const { libraryId: rawId = '' } = useParams<{ libraryId: string }>();
  const { user, isLoading: authLoading } = useAuth();
  const libraryId = /^\d+$/.test(rawId) ? Number(rawId) : null;
  const allowed = !!user && libraryId !== null && libraryId > 0 && STAFF_ROLES.includes(user.role);
  // No library has an id past the database's range: such an address is a missing library, not asked about.
  const mayExist = libraryId !== null && libraryId <= MAX_ID;
  const library = trpc.libraries.get.useQuery({ libraryId: libraryId ?? 0 }, { enabled: allowed && mayExist, retry: false });
  useDocumentTitle(library.data ? `${library.data.name} Kiosk` : 'Library Kiosk', false);

  const content = () => {
    if (authLoading) return <Loading />;
    if (!user) {
      const logIn = (
        <Button component={Link} href="/login" size="lg" mt="md" style={{ alignSelf: 'flex-start' }}>
          Log In
        </Button>
      );
      return <KioskNotice title="Authentication Error" message="You must be logged in to access a kiosk." action={logIn} />;
    }
    if (libraryId === null || libraryId <= 0) return <KioskNotice title="Invalid Library ID" message="The library ID in the URL is not valid." />;
    const denied = <KioskNotice title="Access Denied" message="You do not have permission to access this library's kiosk." />;
    if (!allowed) return denied;
    const notFound = <KioskNotice title="Library Not Found" message={`No library found with the ID: ${rawId}.`} />;
    if (!mayExist) return notFound;
    // Pending covers a read waiting for the connection too: offline, the library is not known missing.
    if (library.isPending) return <Loading />;
    const code = library.error?.data?.code;
    if (code === 'FORBIDDEN') return denied;
    if (code === 'NOT_FOUND') return notFound;
    // Any other failure (the server unreachable or failing) is not an answer about the library: say so, and ask again.
    if (library.isError) return <ErrorAlert retry={library}>Error fetching library: {errorMessage(library.error, callFallbacks.fetchLibraries)}</ErrorAlert>;
    return <KioskSession libraryId={library.data.id} />;
  };

  return <KioskLayout libraryName={library.data?.name}>{content()}</KioskLayout>;
}
