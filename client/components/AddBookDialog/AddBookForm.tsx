import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { DEFAULT_BOOK_QUANTITY } from '../../../shared/constants';
import { ISBN_CHECK_DIGIT_MESSAGE, isbnKey, isbnProblem, normalizeIsbn } from '../../../shared/isbn';
import { addBookInput, type BookLookupResult, isbnDigits } from '../../../shared/schemas';
import { useHeldCopy } from '../../hooks/use-held-copy';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useZodForm } from '../../hooks/use-zod-form';
import { copiesText } from '../../lib/copies-text';
import { errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { BookCover } from '../BookCover';
import { DetailToast } from '../DetailToast';
import { LiveRegion } from '../LiveRegion';
import { copiesFromInput } from './copies';
import { prefillAuthors, prefillTitle } from './prefill';
import { busyProps } from '../../lib/busy';

/**
 * The add-book payload as a form edits it: no library (added on submit), no acquisition date, copies as
 * typed, and the ISBN as written anywhere (with hyphens or spaces, as the scanner's manual entry takes it),
 * sent as its digits.
 */
const addBookForm = addBookInput.omit({ libraryId: true, acquisitionDate: true }).extend({
  // 10 or 13 digits, said of its digits as manual entry says it (the payload's message counts characters, and
  // '0-441-0135' has ten); then the payload's checks, and a check digit that holds: a typo here is catalogued for good.
  isbn: z
    .string()
    .transform(normalizeIsbn)
    .pipe(isbnDigits)
    .pipe(addBookInput.shape.isbn)
    .refine((isbn) => isbnProblem(isbn) !== 'checkDigit', ISBN_CHECK_DIGIT_MESSAGE),
  quantity: z.string().transform(copiesFromInput).pipe(addBookInput.shape.quantity.unwrap()),
});

/** Prefilled from the lookup, within the form's limits; when nothing was found, only the ISBN. */
export function formValuesFor(isbn: string, book: BookLookupResult | null) {
  return {
    isbn,
    title: book ? prefillTitle(book.title) : '',
    author: book ? prefillAuthors(book.authors) : '',
    thumbnailUrl: book?.thumbnailUrl ?? book?.coverUrl ?? '',
    fullImageUrl: book?.fullImageUrl ?? '',
    quantity: String(DEFAULT_BOOK_QUANTITY),
  };
}

interface AddBookFormProps {
  libraryId: number;
  initialValues: ReturnType<typeof formValuesFor>;
  onScanAgain: () => void;
  onAdded: () => void;
}

export function AddBookForm({ libraryId, initialValues, onScanAgain, onAdded }: AddBookFormProps) {
  const form = useZodForm(addBookForm, initialValues);
  const utils = trpc.useUtils();
  // Adding the same ISBN again adds copies to the library's book rather than cataloguing a second one: said before it is sent.
  const { held } = useHeldCopy(libraryId, form.values.isbn);
  const titleField = useRef<HTMLInputElement>(null);
  const copiesField = useRef<HTMLInputElement>(null);
  // Known at once (asked earlier this visit), the form opens on the number of copies, the one field left to fill in.
  const [heldAtOpening] = useState(!!held);
  // What was in Title and Author before a held book's took their place: back when the ISBN is changed to another.
  const ownTitleAndAuthor = useRef<{ title: string; author: string } | null>(null);
  // The copies join the book the library holds, which keeps its title and author: those are shown, not to be
  // edited. Focus still where the form opened it, the number of copies is what is left to fill in.
  useEffect(() => {
    if (held) {
      ownTitleAndAuthor.current ??= { title: form.values.title, author: form.values.author };
      form.setValue('title', held.title);
      form.setValue('author', held.author);
      if (document.activeElement === titleField.current) {
        copiesField.current?.focus();
        copiesField.current?.select();
      }
    } else if (ownTitleAndAuthor.current) {
      form.setValue('title', ownTitleAndAuthor.current.title);
      form.setValue('author', ownTitleAndAuthor.current.author);
      ownTitleAndAuthor.current = null;
    }
    // Once for each book found held or no longer held, not as the form's values change.
  }, [held?.id]);
  const addBook = trpc.books.add.useMutation({
    onSuccess: (book, { quantity = DEFAULT_BOOK_QUANTITY }) => {
      const added = `"${book.title}" has been added to the library.`;
      // More copies than were sent: they joined a book the library already held.
      if (book.quantity > quantity) toast.success(<DetailToast title={added} description={`The library now holds ${copiesText(book.quantity)}.`} />);
      else toast.success(added);
      // The book lists and the staff's insights (copies, never-rented books) count the new copies, and the next
      // scan of the ISBN finds the library's copy (asked again when its confirm step shows, not in this closing form).
      utils.books.list.invalidate();
      utils.insights.invalidate();
      utils.lookup.lookup.invalidate(undefined, { refetchType: 'none' });
      onAdded();
    },
    onError: (error) => {
      toast.error(errorMessage(error, 'Failed to add book.'));
      // An answer lost on the way back may follow an add that was made: read the library's copy of the ISBN
      // again, so that the form says it holds the book before a second press adds the copies twice.
      void utils.books.list.invalidate();
    },
  });
  const addBookOnce = useOneAtATime(addBook);
  // The looked-up cover is that ISBN's: a corrected ISBN is another book, which it would be shown and saved on.
  const isLookedUpIsbn = isbnKey(form.values.isbn) === isbnKey(initialValues.isbn);

  return (
    <form onSubmit={form.handleSubmit((values) => {
        addBookOnce({ ...values, ...(isLookedUpIsbn ? {} : { thumbnailUrl: null, fullImageUrl: null }), libraryId });
      })} noValidate>
      <Stack>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <BookCover title={initialValues.title} url={isLookedUpIsbn ? initialValues.thumbnailUrl || initialValues.fullImageUrl : null} size="lg" />
          <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
            {/* First, rather than the dialog's close button: the form may show after the dialog has opened. */}
            <TextInput
              label="Title"
              required
              data-autofocus={!heldAtOpening || undefined}
              autoFocus={!heldAtOpening}
              ref={titleField}
              readOnly={!!held}
              variant={held ? 'filled' : 'default'}
              {...form.inputProps('title')}
            />
            <TextInput label="Author" required readOnly={!!held} variant={held ? 'filled' : 'default'} {...form.inputProps('author')} />
          </Stack>
        </Group>
        <TextInput label="ISBN" required {...form.inputProps('isbn')} />
        {/* A text field, kept as typed: a number field rewrites what it is given ('1e3' shown as 13, '-3' as 3), and
            its arrows were targets of 24 by 17 px. Digits alone are a number of copies; anything else counts as one. */}
        <TextInput
          label="Number of copies"
          inputMode="numeric"
          data-autofocus={heldAtOpening || undefined}
          autoFocus={heldAtOpening}
          ref={copiesField}
          {...form.inputProps('quantity')}
        />
        {/* Added, the lists read again find the book just added: not one held before, as the dialog closes. */}
        <LiveRegion role="status">
          {held && !addBook.isSuccess && (
            <Alert color="blue" variant="light" role="group">
              This library already holds "{held.title}" ({copiesText(held.quantity)}). The copies you add join it; its title and author stay as they are.
            </Alert>
          )}
        </LiveRegion>
        {/* One row sharing the width, or where the two do not fit beside each other (a phone), one under the other, full width. */}
        <Group grow preventGrowOverflow={false}>
          <Button variant="default" onClick={onScanAgain} disabled={addBook.isPending}>
            Scan Again
          </Button>
          <Button type="submit" {...busyProps(addBook.isPending)}>
            {addBook.isPending ? 'Adding...' : 'Add to Library'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
