import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useFocusAfterDialogs } from '../../hooks/use-focus-after-dialogs';
import { AddBookDialog } from './AddBookDialog';
import classes from './AddBookButton.module.css';
import touch from '../../theme.module.css';

/** Manage Books' 'Scan to Add Book' with its dialog. */
export function AddBookButton({ libraryId }: { libraryId: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const trigger = useFocusAfterDialogs<HTMLButtonElement>(opened);
  return (
    <>
      <Button ref={trigger} onClick={open} className={`${classes.button} ${touch.fingertip}`}>
        Scan to Add Book
      </Button>
      <AddBookDialog libraryId={libraryId} opened={opened} onClose={close} />
    </>
  );
}
