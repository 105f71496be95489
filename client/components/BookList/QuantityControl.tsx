import { ActionIcon, Group, NumberInput, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MIN_QUANTITY_IN_INTERFACE } from '../../../shared/constants';
import type { Book } from '../../../shared/schemas';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { putBookInLists } from '../../lib/book-lists';
import { busyProps } from '../../lib/busy';
import { callFallbacks, errorMessage } from '../../lib/error-messages';
import { trpc } from '../../trpc';

/**
 * The library view's copy count: minus, a number (at least 1), plus. The new value shows at once; once
 * saved, the book as the server answered it takes its place in the library's cached lists, which are
 * marked out of date rather than read again (lib/book-lists.ts). A failed save drops the value and
 * reads the lists again, since the book may have changed meanwhile.
 */
export function QuantityControl({ book }: { book: Book }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [optimistic, setOptimistic] = useState<number | null>(null);
  const shown = optimistic ?? book.quantity;
  const [draft, setDraft] = useState<string | number>(shown);
  useEffect(() => setDraft(shown), [shown]);

  const save = trpc.books.setQuantity.useMutation({
    onSuccess: (saved) => putBookInLists(queryClient, saved),
    onError: (error) => {
      console.error('Quantity update failed', error);
      toast.error(errorMessage(error, callFallbacks.updateQuantity));
    },
    onSettled: async (_saved, error) => {
      // The library's other lists (available books) and the staff's insights (copies, never-rented books) count copies.
      await Promise.all([utils.books.list.invalidate({ libraryId: book.libraryId }, { refetchType: error ? 'active' : 'none' }), utils.insights.invalidate()]);
      setOptimistic(null);
    },
  });
  const saveOnce = useOneAtATime(save);

  /**
   * Values below 1, or not whole numbers, are ignored, and so is any while a save runs: the field goes back to the
   * current count. Sent from the count on screen: changed elsewhere meanwhile, the server refuses rather than undo that change.
   */
  const commit = (value: number) => {
    const valid = Number.isInteger(value) && value >= MIN_QUANTITY_IN_INTERFACE && value !== shown;
    if (valid && saveOnce({ bookId: book.id, libraryId: book.libraryId, quantity: value, previousQuantity: book.quantity })) setOptimistic(value);
    else setDraft(shown);
  };
  const commitDraft = () => commit(typeof draft === 'number' ? draft : Number(draft.trim() || NaN));

  // While saving, commit ignores the buttons.
  const busy = busyProps(save.isPending);
  return (
    <Group gap={6} wrap="nowrap" aria-busy={save.isPending} pos="relative">
      <Text size="xs" c="dimmed" aria-hidden>
        Copies
      </Text>
      <ActionIcon variant="default" size="lg" aria-label="Remove a copy" disabled={shown <= MIN_QUANTITY_IN_INTERFACE} {...busy} onClick={() => commit(shown - 1)}>
        −
      </ActionIcon>
      <NumberInput
        aria-label={`Copies of ${book.title}`}
        w={72}
        min={MIN_QUANTITY_IN_INTERFACE}
        // A minus or a decimal point typed stays, so that commit sees the value as typed and ignores it:
        // dropped as typed, '-1' read as 1 and '1.5' as 15 would be saved.
        clampBehavior="none"
        hideControls
        value={draft}
        onChange={setDraft}
        onBlur={commitDraft}
        onKeyDown={(event) => event.key === 'Enter' && commitDraft()}
        readOnly={save.isPending}
      />
      <ActionIcon variant="default" size="lg" aria-label="Add a copy" {...busy} onClick={() => commit(shown + 1)}>
        +
      </ActionIcon>
      {save.isPending && (
        // Under the controls, taking no room of its own: the row does not reflow while saving.
        <Text size="xs" c="dimmed" role="status" pos="absolute" top="100%" right={0}>
          Updating...
        </Text>
      )}
    </Group>
  );
}
