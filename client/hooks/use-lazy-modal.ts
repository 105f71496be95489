import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * A Modal made at its first opening, then kept (its closing plays out): a closed Mantine Modal still
 * makes its portal, and a list has a button per book. It is made closed and opened once made, as a
 * Modal notes where focus goes back to only when it opens. `opening` counts the openings: a key for
 * content that starts anew each time.
 */
export function useLazyModal() {
  const [opened, { open, close }] = useDisclosure(false);
  const [opening, setOpening] = useState(0);
  useEffect(() => {
    if (opening) open();
  }, [opening, open]);
  return { made: opening > 0, opening, opened, open: () => setOpening((n) => n + 1), close };
}
