import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MAX_BOOK_QUANTITY, MIN_QUANTITY_IN_INTERFACE } from '../../../shared/constants';
import type { Book } from '../../../shared/schemas';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { putBookInLists } from '../../lib/book-lists';
import { busyProps } from '../../lib/busy';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';
import { LiveRegion } from '../LiveRegion';
import classes from './BookList.module.css';
import touch from './QuantityControl.module.css';
import { readTypedCopies, refusedCopiesMessage } from './typed-copies';

const UPDATING = 'Updating...';

/** The book's counts once `quantity` is saved, as the badge shows them meanwhile: the copies on the shelf move with it. */
export function withQuantity(book: Book, quantity: number): Book {
  return { ...book, quantity, availableCount: Math.max(0, book.availableCount + quantity - book.quantity) };
}

/**
 * The library view's copy count: minus, a number (at least 1), plus. The count being saved (`saving`, kept by the
 * row, whose badge counts it too) shows at once; once saved, the book as the server answered it takes its place in
 * the library's cached lists, which are marked out of date rather than read again (lib/book-lists.ts). A failed
 * save drops the value and reads the lists again, since the book may have changed meanwhile.
 */
export function QuantityControl({ book, saving, onSaving, describedBy }: { book: Book; saving: number | null; onSaving: (quantity: number | null) => void; describedBy?: string }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const shown = saving ?? book.quantity;
  // As typed: a number field's formatting would read '1e3' as 13 or a pasted '1,000' as 1.
  const [draft, setDraft] = useState(String(shown));
  useEffect(() => setDraft(String(shown)), [shown]);

  const save = trpc.books.setQuantity.useMutation({
    onSuccess: (saved) => putBookInLists(queryClient, saved),
    onError: (error) => {
      console.error('Quantity update failed', error);
      toast.error(errorMessage(error, callFallbacks.updateQuantity));
    },
    onSettled: async (_saved, error) => {
      // The library's other lists (available books) and the staff's insights (copies, never-rented books) count copies.
      await Promise.all([utils.books.list.invalidate({ libraryId: book.libraryId }, { refetchType: error ? 'active' : 'none' }), utils.insights.invalidate()]);
      onSaving(null);
    },
  });
  const saveOnce = useOneAtATime(save);

  /**
   * Ignored while a save runs: the field goes back to the current count. Sent from the count on screen: changed
   * elsewhere meanwhile, the server refuses rather than undo that change.
   */
  const commit = (value: number) => {
    const valid = value >= MIN_QUANTITY_IN_INTERFACE && value <= MAX_BOOK_QUANTITY && value !== shown;
    if (valid && saveOnce({ bookId: book.id, libraryId: book.libraryId, quantity: value, previousQuantity: book.quantity })) onSaving(value);
    else setDraft(String(shown));
  };
  /** Not a whole number from 1 to the most copies: refused, said so, nothing saved (SPEC: ignored). Emptied: left as it was. */
  const commitDraft = () => {
    const typed = readTypedCopies(draft);
    if (typed === 'refused') toast.error(refusedCopiesMessage(draft), { id: `copies-${book.id}` });
    if (typeof typed === 'number') commit(typed);
    else setDraft(String(shown));
  };
  // The arrow keys step the count typed, as a number field's do; Enter or leaving the field saves it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') commitDraft();
    if ((event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || save.isPending) return;
    event.preventDefault();
    const typed = readTypedCopies(draft);
    const stepped = (typeof typed === 'number' ? typed : shown) + (event.key === 'ArrowUp' ? 1 : -1);
    setDraft(String(Math.min(MAX_BOOK_QUANTITY, Math.max(MIN_QUANTITY_IN_INTERFACE, stepped))));
  };

  // While saving, commit ignores the buttons.
  const busy = busyProps(save.isPending);
  return (
    <Group gap={6} wrap="nowrap" aria-busy={save.isPending}>
      {/*
        While saving, 'Updating...' takes the label's place, in room kept for it (BookList.module.css): the row does not
        reflow, and nothing hangs below the controls, past the card's edge when they are its last line.
      */}
      <div className={classes.copiesLabel} data-saving-text={UPDATING}>
        <Text size="xs" c="dimmed" aria-hidden style={{ visibility: save.isPending ? 'hidden' : undefined }}>
          Copies
        </Text>
        <LiveRegion role="status">
          {save.isPending && (
            <Text size="xs" c="dimmed">
              {UPDATING}
            </Text>
          )}
        </LiveRegion>
      </div>
      <ActionIcon variant="default" size="lg" className={touch.step} aria-label="Remove a copy" aria-describedby={describedBy} disabled={shown <= MIN_QUANTITY_IN_INTERFACE} {...busy} onClick={() => commit(shown - 1)}>
        −
      </ActionIcon>
      <TextInput
        aria-label={`Copies of ${book.title}`}
        // Room for the most copies, 100000, whole.
        w={84}
        classNames={{ input: touch.count }}
        inputMode="numeric"
        autoComplete="off"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commitDraft}
        onKeyDown={onKeyDown}
        readOnly={save.isPending}
      />
      <ActionIcon variant="default" size="lg" className={touch.step} aria-label="Add a copy" aria-describedby={describedBy} disabled={shown >= MAX_BOOK_QUANTITY} {...busy} onClick={() => commit(shown + 1)}>
        +
      </ActionIcon>
    </Group>
  );
}
