import { useLocalStorage } from '@mantine/hooks';
import { trpc } from '../trpc';

/**
 * The dashboard's library, remembered per user in this browser: `library` once the libraries are listed,
 * `shownLibraryId` the one whose dashboard shows (the remembered one while the list loads).
 */
export function useSelectedLibrary(userId: number) {
  const libraries = trpc.libraries.list.useQuery();
  const [storedId, setStoredId] = useLocalStorage<number | null>({
    key: `scroll-library.dashboard-library.${userId}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  // A remembered library that is no longer listed (deleted, or staff changed) counts as no pick.
  const library = libraries.data?.find((l) => l.id === storedId) ?? null;
  // Until the list is in, the remembered one is shown: its reads go out with the list's, in one request,
  // rather than wait for it (session, then libraries, then books: three round trips on a phone's network).
  const shownLibraryId = libraries.isPending ? storedId : (library?.id ?? null);
  return { libraries, library, shownLibraryId, selectLibrary: setStoredId };
}
