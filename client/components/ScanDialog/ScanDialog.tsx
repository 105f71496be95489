import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { bookNotInLibrary } from '../../../shared/schemas';
import { useHeldCopy } from '../../hooks/use-held-copy';
import { busyProps } from '../../lib/busy';
import { wrapLabel } from '../../lib/wrapping-label';
import { BookPreview } from '../BookPreview';
import { AlertRegion } from '../LiveRegion';
import { CameraScanner } from './CameraScanner';
import { ManualIsbnEntry } from './ManualIsbnEntry';

export interface ScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The library the book is scanned for: its copy of the ISBN is what the confirm step shows first. */
  libraryId: number;
  /** Called with the confirmed ISBN; the parent closes the dialog (it may open the next step at once). */
  onConfirm: (isbn: string) => void;
  /** Whether closing gives focus back to what had it before (not when the dialog is one step of a chain). */
  returnFocus?: boolean;
  /**
   * Whether a typed ISBN's check digit must hold: when cataloguing, where a typo would be kept for good. Renting
   * or checking a book in finds the library's own record, which may carry a misprinted ISBN.
   */
  checkDigit?: boolean;
  /**
   * Whether the book is scanned to be rented (the kiosk, a patron's Scan Book): one the library does not hold is said
   * so at the confirm step, which cannot be confirmed, rather than refused after. Staff may add such a book instead.
   */
  toRent?: boolean;
}

type Mode = 'camera' | 'manual';

/**
 * Reads an ISBN from the camera or the keyboard, then shows what the lookup knows so the user can
 * confirm it or scan again. The camera runs only while the dialog is open and scanning.
 */
export function ScanDialog({ opened, onClose, libraryId, onConfirm, returnFocus = true, checkDigit = false, toRent = false }: ScanDialogProps) {
  const [mode, setMode] = useState<Mode>('camera');
  const [isbn, setIsbn] = useState<string | null>(null);

  // Each opening starts at the camera, even one that comes while the last closing still fades out.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setMode('camera');
      setIsbn(null);
    }
  }
  const toggleMode = () => {
    setIsbn(null);
    setMode((current) => (current === 'camera' ? 'manual' : 'camera'));
  };

  return (
    <Modal opened={opened} onClose={onClose} returnFocus={returnFocus} title={isbn ? 'Confirm Book' : 'Scan Book ISBN'} size="lg" centered>
      {/* Keyed: the two steps share no elements, so the camera step's focused button does not live on as 'Scan Again' and Confirm Book's autoFocus applies. */}
      {isbn ? (
        <ConfirmStep key="confirm" isbn={isbn} libraryId={libraryId} toRent={toRent} onScanAgain={() => setIsbn(null)} onConfirm={() => onConfirm(isbn)} />
      ) : (
        <Stack key="scan">
          {mode === 'camera' ? (
            <>
              {opened && <CameraScanner onIsbn={setIsbn} />}
              <Group justify="space-between">
                {/* data-autofocus: the dialog's own first focus on opening; autoFocus: back from manual entry. */}
                <Button variant="subtle" px={0} onClick={toggleMode} data-autofocus autoFocus {...wrapLabel(36)}>
                  {"Can't find a barcode? Enter Manually"}
                </Button>
                <Button variant="default" onClick={onClose} ml="auto">
                  Cancel
                </Button>
              </Group>
            </>
          ) : (
            <ManualIsbnEntry
              onIsbn={setIsbn}
              checkDigit={checkDigit}
              onCancel={onClose}
              modeSwitch={
                <Button variant="subtle" px={0} onClick={toggleMode}>
                  Use Camera
                </Button>
              }
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

function ConfirmStep({ isbn, libraryId, toRent, onScanAgain, onConfirm }: { isbn: string; libraryId: number; toRent: boolean; onScanAgain: () => void; onConfirm: () => void }) {
  // Asked beside the lookup, which may know the book from another library's catalogue or a book service.
  const { notHeld } = useHeldCopy(libraryId, isbn, { enabled: toRent });
  return (
    <Stack>
      <BookPreview isbn={isbn} libraryId={libraryId} canProceed={!notHeld} />
      {toRent && <AlertRegion>{notHeld && bookNotInLibrary(isbn)}</AlertRegion>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onScanAgain}>
          Scan Again
        </Button>
        {/* The view changed under the focus: it moves to the step's answer. Refused, it keeps the focus (busyProps). */}
        <Button onClick={() => notHeld || onConfirm()} autoFocus {...busyProps(notHeld)}>
          Confirm Book
        </Button>
      </Group>
    </Stack>
  );
}
