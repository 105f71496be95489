import { Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { useEffect, useState } from 'react';
import { ADD_BOOK_DIALOG_RESET_MS } from '../../../shared/constants';
import { bookNotInLibrary } from '../../../shared/schemas';
import { useBookLookup } from '../../hooks/use-book-lookup';
import { trpc } from '../../trpc';
import { ScanDialog } from '../ScanDialog';
import { AddBookForm, formValuesFor } from './AddBookForm';

export interface AddBookDialogProps {
  libraryId: number;
  opened: boolean;
  onClose: () => void;
  /** An ISBN already scanned, one the library does not hold (the dashboard's Scan Book): the dialog opens at its form. */
  unheldIsbn?: string | null;
}

function FormSkeleton() {
  return (
    <Stack aria-busy="true" aria-label="Looking up book details" data-testid="add-book-loading">
      <Group align="flex-start" wrap="nowrap">
        <Skeleton w={96} h={144} />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      </Group>
      <Skeleton h={56} />
      <Skeleton h={56} />
    </Stack>
  );
}

/**
 * The lookup may still be running when the ISBN is confirmed: skeletons until it answers (it is cached). One
 * that failed is not asked again: only the ISBN is filled in.
 */
function PrefilledForm({ isbn, libraryId, onScanAgain, onAdded }: { isbn: string; libraryId: number; onScanAgain: () => void; onAdded: () => void }) {
  const { book, isLoading } = useBookLookup(isbn, libraryId, { confirmed: true });
  if (isLoading) return <FormSkeleton />;
  return <AddBookForm libraryId={libraryId} initialValues={formValuesFor(isbn, book)} onScanAgain={onScanAgain} onAdded={onAdded} />;
}

/**
 * Add Book to Library: the scanner first (unless an unheld ISBN was scanned already), then the form prefilled from
 * the lookup. Focus goes back to the caller's button (useFocusAfterDialogs).
 */
export function AddBookDialog({ libraryId, opened, onClose, unheldIsbn = null }: AddBookDialogProps) {
  const [isbn, setIsbn] = useState<string | null>(null);
  const adding = useIsMutating({ mutationKey: getMutationKey(trpc.books.add) }) > 0;
  // Opened again before the reset below: it starts at the scanner all the same, not at the last book's form.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setIsbn(unheldIsbn);
  }

  // Closing resets after the dialog has faded out, so the user never sees it jump back to the scanner.
  useEffect(() => {
    if (opened) return;
    const timer = setTimeout(() => setIsbn(null), ADD_BOOK_DIALOG_RESET_MS);
    return () => clearTimeout(timer);
  }, [opened]);

  return (
    <>
      <ScanDialog opened={opened && !isbn} onClose={onClose} libraryId={libraryId} onConfirm={setIsbn} returnFocus={false} checkDigit />
      {/* While the book is added, Escape and a tap outside do nothing, as Scan Again does: its answer closes the dialog. */}
      <Modal opened={opened && !!isbn} onClose={() => !adding && onClose()} returnFocus={false} title="Add Book to Library" size="lg" centered>
        {isbn !== null && isbn === unheldIsbn && (
          <Text size="sm" mb="xs">
            {bookNotInLibrary(isbn)}
          </Text>
        )}
        <Text size="sm" c="dimmed" mb="md">
          Confirm the details below or make edits before adding the book.
        </Text>
        {isbn && <PrefilledForm key={isbn} isbn={isbn} libraryId={libraryId} onScanAgain={() => setIsbn(null)} onAdded={onClose} />}
      </Modal>
    </>
  );
}
