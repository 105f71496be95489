import { Button, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { STAFF_ROLES } from '../../shared/accounts';
import { MAX_ID } from '../../shared/schemas';
import { ErrorAlert, loadingStatus, WhileLoading } from '../components/DataState';
import { KioskLayout, KioskNotice } from '../components/KioskLayout';
import { KioskSession } from '../components/KioskSession';
import { SessionCheckAlert } from '../components/SessionCheckAlert';
import { useAuth } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { callFallbacks, errorMessage } from '../lib/error-messages';
import { trpc } from '../trpc';

function Loading() {
  return (
    <WhileLoading>
      <Stack {...loadingStatus('Loading kiosk')}>
        <Skeleton height={48} />
        <Skeleton height={320} />
      </Stack>
    </WhileLoading>
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
        <>
          <SessionCheckAlert mt="md" withinAlert />
          <Button component={Link} href="/login" size="lg" mt="md" style={{ alignSelf: 'flex-start' }}>
            Log In
          </Button>
        </>
      );
      return <KioskNotice title="Authentication Error" message="You must be logged in to access a kiosk." action={logIn} />;
    }
    // The kiosk's frame has no header: a way back into the app (an installed app has no address bar either).
    const toDashboard = (
      <Button component={Link} href="/dashboard" variant="default" size="lg" mt="md" style={{ alignSelf: 'flex-start' }}>
        Go to Dashboard
      </Button>
    );
    if (libraryId === null || libraryId <= 0) return <KioskNotice title="Invalid Library ID" message="The library ID in the URL is not valid." action={toDashboard} />;
    const denied = <KioskNotice title="Access Denied" message="You do not have permission to access this library's kiosk." action={toDashboard} />;
    if (!allowed) return denied;
    const notFound = <KioskNotice title="Library Not Found" message={`No library found with the ID: ${rawId}.`} action={toDashboard} />;
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
