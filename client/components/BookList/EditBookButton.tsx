import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { type Book, updateBookDetailsInput } from '../../../shared/schemas';
import { useLazyModal } from '../../hooks/use-lazy-modal';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useZodForm } from '../../hooks/use-zod-form';
import { putBookInLists } from '../../lib/book-lists';
import { busyProps } from '../../lib/busy';
import { errorMessage } from '../../lib/error-messages';
import { SAID_ON_PAGE } from '../../lib/toast-said-on-page';
import { trpc } from '../../trpc';
import { AlertRegion } from '../LiveRegion';

const UPDATE_DETAILS_FAILED = 'Failed to update book details';

/**
 * The library view's 'Edit details': staff correct a book's title and author. The dialog is made at its
 * first opening (useLazyModal); each opening starts a new form, from the book as it is now.
 */
export function EditBookButton({ book, describedBy }: { book: Book; describedBy?: string }) {
  const { made, opening, opened, open, close } = useLazyModal();
  // While a save runs, Escape and a tap outside do what the disabled Cancel does: nothing (its answer closes the dialog).
  const saving = useIsMutating({ mutationKey: getMutationKey(trpc.books.updateDetails) }) > 0;
  return (
    <>
      <Button variant="default" onClick={open} aria-describedby={describedBy}>
        Edit details
      </Button>
      {made && (
        <Modal opened={opened} onClose={() => !saving && close()} title="Edit Book Details">
          <EditBookForm key={opening} book={book} onDone={close} />
        </Modal>
      )}
    </>
  );
}

function EditBookForm({ book, onDone }: { book: Book; onDone: () => void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  // Sent from the details on screen: corrected elsewhere meanwhile, the server refuses rather than put back the old ones.
  const form = useZodForm(updateBookDetailsInput, {
    bookId: book.id,
    libraryId: book.libraryId,
    title: book.title,
    author: book.author,
    previousTitle: book.title,
    previousAuthor: book.author,
  });
  const save = trpc.books.updateDetails.useMutation({
    onSuccess: (saved) => {
      putBookInLists(queryClient, saved);
      toast.success('Book details saved.');
      onDone();
      // A new title can move the book in its library's title order and in or out of a search; rentals,
      // insights and a lookup of its ISBN (which reads the catalogue first) name it. Lookups are
      // forgotten, not marked out of date: the next scan of the ISBN waits for the new title rather than
      // show the old one while it is asked again.
      // Not waited for: the save is over (a dialog opened again meanwhile is not held as still saving).
      const libraryId = saved.libraryId;
      void Promise.all([
        utils.books.list.invalidate({ libraryId }),
        utils.books.rentedByMe.invalidate({ libraryId }),
        utils.rentals.invalidate(),
        utils.insights.invalidate(),
        utils.lookup.lookup.reset(),
      ]);
    },
    onError: (error) => {
      // Said on the form too, whose alert is read out: the toast is only shown.
      toast.error(errorMessage(error, UPDATE_DETAILS_FAILED), SAID_ON_PAGE);
      // The book may have changed meanwhile: the form's next opening starts from it as it is now.
      void utils.books.list.invalidate({ libraryId: book.libraryId });
    },
  });
  const saveOnce = useOneAtATime(save);
  // Refused as changed meanwhile, the lists read again bring the book as it now is: a save from this same form,
  // once the librarian has checked it, is made from that, not refused again. (setValue is new each render: not a dependency.)
  const { setValue } = form;
  useEffect(() => {
    setValue('previousTitle', book.title);
    setValue('previousAuthor', book.author);
  }, [book.title, book.author]);

  return (
    <form
      onSubmit={form.handleSubmit((data) => {
        saveOnce(data);
      })}
      noValidate
    >
      <Stack>
        <Text size="sm" c="dimmed">
          ISBN: {book.isbn}
        </Text>
        <AlertRegion>{save.error && errorMessage(save.error, UPDATE_DETAILS_FAILED)}</AlertRegion>
        <TextInput label="Title" required data-autofocus {...form.inputProps('title')} />
        <TextInput label="Author" required {...form.inputProps('author')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" {...busyProps(save.isPending)}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
