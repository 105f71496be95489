import { useLocalStorage } from '@mantine/hooks';
import { trpc } from '../trpc';

/** The dashboard's library, remembered per user in this browser. */
export function useSelectedLibrary(userId: number) {
  const libraries = trpc.libraries.list.useQuery();
  const [storedId, setStoredId] = useLocalStorage<number | null>({
    key: `scroll-library.dashboard-library.${userId}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  // A remembered library that is no longer listed (deleted, or staff changed) counts as no pick.
  const library = libraries.data?.find((l) => l.id === storedId) ?? null;
  return { libraries, library, selectLibrary: setStoredId };
}
