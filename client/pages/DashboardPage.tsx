import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { STAFF_ROLES } from '../../shared/accounts';
import type { User } from '../../shared/schemas';
import { AuthGuard, type PageFrame } from '../components/AuthGuard';
import { CustomerDashboard, UpgradeCard } from '../components/CustomerDashboard';
import { ErrorAlert, ListSkeleton } from '../components/DataState';
import { LibraryAdminDashboard } from '../components/LibraryAdminDashboard';
import { CreateLibraryDialog, LibrarySelect } from '../components/LibraryPicker';
import { OwnRentalsNote } from '../components/ProfileRentals';
import { ScanBookFlow } from '../components/ScanBookFlow';
import { StaffInvitations } from '../components/StaffInvitations';
import { useAuth } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useSelectedLibrary } from '../hooks/use-selected-library';
import { callFallbacks, errorMessage } from '../lib/error-messages';
import classes from './DashboardPage.module.css';

const FRAME: PageFrame = { size: 'lg', py: 'lg' };

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <AuthGuard frame={FRAME}>
      <Dashboard />
    </AuthGuard>
  );
}

function Dashboard() {
  const { user } = useAuth();
  const { libraries, library, shownLibraryId, selectLibrary } = useSelectedLibrary(user?.id ?? 0);
  if (!user) return null;

  return (
    <Container {...FRAME}>
      <div className={classes.header}>
        <Title order={1} className={classes.title}>
          Dashboard
        </Title>
        <div className={classes.controls}>
          <LibrarySelect libraries={libraries.data} loading={libraries.isPending} value={library} onChange={selectLibrary} className={classes.picker} />
          <div className={classes.actions}>
            {user.role === 'library_admin' && <CreateLibraryDialog onCreated={(created) => selectLibrary(created.id)} />}
            {library && STAFF_ROLES.includes(user.role) && (
              <Button component={Link} href={`/kiosk/${library.id}`} variant="default">
                Go to Kiosk
              </Button>
            )}
            {/* Keyed: a status check still running when staff switch library opens nothing in the next one. */}
            {library && <ScanBookFlow key={library.id} libraryId={library.id} />}
          </div>
        </div>
      </div>
      <DashboardBody user={user} libraryId={shownLibraryId} libraries={libraries} selectLibrary={selectLibrary} />
    </Container>
  );
}

type LibrariesQuery = ReturnType<typeof useSelectedLibrary>['libraries'];

interface DashboardBodyProps {
  user: User;
  libraryId: number | null;
  libraries: LibrariesQuery;
  /** A library joined from an invitation is picked. */
  selectLibrary: (id: number) => void;
}

function DashboardBody({ user, libraryId, libraries, selectLibrary }: DashboardBodyProps) {
  if (user.role !== 'library_admin' && user.role !== 'customer') {
    return (
      <Notice title="Unsupported Role">Your user role does not have a dashboard view configured.</Notice>
    );
  }
  let pickFirst;
  // Until the libraries are in, the remembered pick is not known yet: no 'Select a library' flash.
  if (libraries.isPending) pickFirst = <ListSkeleton label="Loading libraries" />;
  else if (libraries.isError) {
    pickFirst = <ErrorAlert retry={libraries}>Error fetching libraries: {errorMessage(libraries.error, callFallbacks.fetchLibraries)}</ErrorAlert>;
  } else {
    let hint = 'Choose a library above to see its books.';
    if (libraries.data.length === 0) hint = user.role === 'library_admin' ? 'You do not run a library yet: create one with Create Library above.' : 'There is no library to join yet.';
    pickFirst = <Notice title="Select a library to begin">{hint}</Notice>;
  }
  if (user.role === 'library_admin') {
    return (
      <>
        <StaffInvitations onJoined={(joined) => selectLibrary(joined.id)} />
        <OwnRentalsNote />
        {libraryId ? <LibraryAdminDashboard key={libraryId} libraryId={libraryId} /> : pickFirst}
      </>
    );
  }
  return (
    <>
      <UpgradeCard />
      {libraryId ? <CustomerDashboard key={libraryId} libraryId={libraryId} customerId={user.id} /> : pickFirst}
    </>
  );
}

function Notice({ title, children }: { title: string; children: string }) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack gap={4} align="center" ta="center">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
      </Stack>
    </Card>
  );
}
