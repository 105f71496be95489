import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { type Book, updateBookDetailsInput } from '../../../shared/schemas';
import { useZodForm } from '../../hooks/use-zod-form';
import { putBookInLists } from '../../lib/book-lists';
import { busyProps } from '../../lib/busy';
import { errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';

const UPDATE_DETAILS_FAILED = 'Failed to update book details';

/**
 * The library view's 'Edit details': staff correct a book's title and author. The dialog is made at its
 * first opening, as the reviews' is (a list holds a button per book), and starts from the book as it is.
 */
export function EditBookButton({ book }: { book: Book }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Each opening starts a new form (its key): the book as it is now, no message from the last time.
  const [openings, setOpenings] = useState(0);
  useEffect(() => {
    if (openings) open();
  }, [openings, open]);
  return (
    <>
      <Button variant="default" onClick={() => setOpenings((n) => n + 1)}>
        Edit details
      </Button>
      {openings > 0 && (
        <Modal opened={opened} onClose={close} title="Edit Book Details">
          <EditBookForm key={openings} book={book} onDone={close} />
        </Modal>
      )}
    </>
  );
}

function EditBookForm({ book, onDone }: { book: Book; onDone: () => void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const form = useZodForm(updateBookDetailsInput, { bookId: book.id, libraryId: book.libraryId, title: book.title, author: book.author });
  const save = trpc.books.updateDetails.useMutation({
    onSuccess: async (saved) => {
      putBookInLists(queryClient, saved);
      toast.success('Book details saved.');
      onDone();
      // A new title can move the book in its library's title order and in or out of a search; rentals,
      // insights and a lookup of its ISBN (which reads the catalogue first) name it.
      const libraryId = saved.libraryId;
      await Promise.all([
        utils.books.list.invalidate({ libraryId }),
        utils.books.rentedByMe.invalidate({ libraryId }),
        utils.rentals.invalidate(),
        utils.insights.invalidate(),
        utils.lookup.invalidate(),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, UPDATE_DETAILS_FAILED)),
  });

  return (
    <form
      onSubmit={form.handleSubmit((data) => {
        if (!save.isPending) save.mutate(data);
      })}
      noValidate
    >
      <Stack>
        <Text size="sm" c="dimmed">
          ISBN: {book.isbn}
        </Text>
        {save.error && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, UPDATE_DETAILS_FAILED)}
          </Alert>
        )}
        <TextInput label="Title" required data-autofocus {...form.inputProps('title')} />
        <TextInput label="Author" required {...form.inputProps('author')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
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
