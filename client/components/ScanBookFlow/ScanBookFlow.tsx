import { Button } from '@mantine/core';
import { isCancelledError } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { STAFF_ROLES } from '../../../shared/accounts';
import { bookNotInLibrary, type BookStatus, NO_COPIES } from '../../../shared/schemas';
import { useAuth } from '../../hooks/use-auth';
import { useFocusAfterDialogs } from '../../hooks/use-focus-after-dialogs';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useRentBook, useReturnRental } from '../../hooks/use-rental-actions';
import { isOnline } from '../../lib/connection';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { OFFLINE_CHANGE_MESSAGE } from '../../lib/offline-mutations';
import { trpc } from '../../trpc';
import { AddBookDialog } from '../AddBookDialog';
import { ScanDialog } from '../ScanDialog';
import { BookActionDialog } from './BookActionDialog';

/**
 * The dashboard's 'Scan Book': scan, check the book's status, then rent or return it. A book the library does not
 * hold is, for its staff, one to add: the add-book form opens on it.
 */
export function ScanBookFlow({ libraryId }: { libraryId: number }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [scanning, setScanning] = useState(false);
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState<BookStatus | null>(null);
  const [adding, setAdding] = useState(false);
  // Kept as the add-book dialog closes, so that its note stays while it fades out.
  const [unheldIsbn, setUnheldIsbn] = useState<string | null>(null);
  // A library admin's libraries are the ones they staff (libraries.list); an admin manages every one.
  const managesLibrary = !!user && STAFF_ROLES.includes(user.role);

  // The hooks toast and refresh the lists; the confirmation closes once a rent or return has succeeded
  // and the lists are fresh, and stays open after a failure.
  const rent = useRentBook();
  const giveBack = useReturnRental();
  const rentOnce = useOneAtATime(rent);
  const giveBackOnce = useOneAtATime(giveBack);
  const close = () => setStatus(null);

  const checkStatus = async (isbn: string) => {
    setScanning(false);
    // Renting or returning needs the server, and so does the status that leads to it: offline it says so at once.
    if (!isOnline()) {
      toast.error(OFFLINE_CHANGE_MESSAGE, { id: 'offline-status' });
      return;
    }
    setChecking(true);
    const toastId = toast.loading('Checking book status...');
    try {
      // Always ask the server: the book may have been rented or returned since the last scan.
      // Sent whatever the connection (a lost connection fails rather than waits, with the check's spinner up).
      setStatus(await utils.books.status.fetch({ isbn, libraryId }, { staleTime: 0, retry: false, networkMode: 'always' }));
      toast.dismiss(toastId);
    } catch (error) {
      // Called off with its data dropped (the user signed out meanwhile, client/trpc.ts): nothing to say.
      if (isCancelledError(error)) toast.dismiss(toastId);
      else if (managesLibrary && error instanceof Error && error.message === bookNotInLibrary(isbn)) {
        toast.dismiss(toastId);
        setUnheldIsbn(isbn);
        setAdding(true);
      } else toast.error(errorMessage(error, callFallbacks.checkBookStatus), { id: toastId });
    } finally {
      setChecking(false);
    }
  };

  const busy = checking || rent.isPending || giveBack.isPending;
  const trigger = useFocusAfterDialogs<HTMLButtonElement>(scanning || checking || !!status || adding, !busy);
  return (
    <>
      <Button ref={trigger} onClick={() => setScanning(true)} disabled={busy}>
        {busy ? 'Processing...' : 'Scan Book'}
      </Button>
      <ScanDialog opened={scanning} onClose={() => setScanning(false)} libraryId={libraryId} onConfirm={checkStatus} returnFocus={false} ifNotHeld={managesLibrary ? 'offerToAdd' : 'refuse'} />
      <BookActionDialog
        status={status}
        pending={rent.isPending || giveBack.isPending}
        onCancel={close}
        onRent={(book) =>
          rentOnce(
            { isbn: book.book.isbn, libraryId, customerId: user?.id ?? 0 },
            // The last copy went since the check: the dialog stops offering it.
            { onSuccess: close, onError: (error) => error.message === NO_COPIES && setStatus((shown) => shown && { ...shown, book: { ...shown.book, availableCount: 0 } }) },
          )
        }
        onReturn={(rentalId) => giveBackOnce({ rentalId }, { onSuccess: close })}
        staff={managesLibrary}
      />
      {managesLibrary && <AddBookDialog libraryId={libraryId} opened={adding} onClose={() => setAdding(false)} unheldIsbn={unheldIsbn} />}
    </>
  );
}
