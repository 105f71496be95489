import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { bookNotInLibrary } from '../../../shared/schemas';
import { useHeldCopy } from '../../hooks/use-held-copy';
import { busyProps } from '../../lib/busy';
import { wrapLabel } from '../../lib/wrapping-label';
import { BookPreview } from '../BookPreview';
import { AlertRegion, LiveRegion } from '../LiveRegion';
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
   * What the confirm step does with a book the library does not hold (asked beside the lookup, which may know it from
   * another library's catalogue or a book service): scanned to be rented (the kiosk, a patron's Scan Book) it says so
   * and cannot be confirmed, rather than be refused after; scanned by the library's staff, it says that confirming
   * opens the form to add it. Not asked when not given (Scan to Add Book's own form says what the library holds).
   */
  ifNotHeld?: 'refuse' | 'offerToAdd';
}

type Mode = 'camera' | 'manual';

/**
 * Reads an ISBN from the camera or the keyboard, then shows what the lookup knows so the user can
 * confirm it or scan again. The camera runs only while the dialog is open and scanning.
 */
export function ScanDialog({ opened, onClose, libraryId, onConfirm, returnFocus = true, checkDigit = false, ifNotHeld }: ScanDialogProps) {
  const [mode, setMode] = useState<Mode>('camera');
  const [isbn, setIsbn] = useState<string | null>(null);
  // The ISBN as last typed: Scan Again from its confirm step brings it back, to correct a typo or ask again.
  const [typed, setTyped] = useState('');
  // No camera to scan with: typing the ISBN is the way on, and its button says so by its weight.
  const [cameraUnavailable, setCameraUnavailable] = useState(false);

  // Each opening starts at the camera, even one that comes while the last closing still fades out.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setMode('camera');
      setIsbn(null);
      setTyped('');
    }
  }
  const toggleMode = () => {
    setIsbn(null);
    setTyped('');
    setMode((current) => (current === 'camera' ? 'manual' : 'camera'));
  };

  return (
    <Modal opened={opened} onClose={onClose} returnFocus={returnFocus} title={isbn ? 'Confirm Book' : 'Scan Book ISBN'} size="lg" centered>
      {/* Keyed: the two steps share no elements, so the camera step's focused button does not live on as 'Scan Again' and Confirm Book's autoFocus applies. */}
      {isbn ? (
        <ConfirmStep key="confirm" isbn={isbn} libraryId={libraryId} ifNotHeld={ifNotHeld} onScanAgain={() => setIsbn(null)} onConfirm={() => onConfirm(isbn)} />
      ) : (
        <Stack key="scan">
          {mode === 'camera' ? (
            <>
              {opened && <CameraScanner onIsbn={setIsbn} onUnavailable={setCameraUnavailable} />}
              <Group justify="space-between">
                {/* data-autofocus: the dialog's own first focus on opening; autoFocus: back from manual entry. */}
                <Button
                  variant={cameraUnavailable ? 'filled' : 'subtle'}
                  px={cameraUnavailable ? undefined : 0}
                  onClick={toggleMode}
                  data-autofocus
                  autoFocus
                  {...wrapLabel(36)}
                >
                  {"Can't find a barcode? Enter Manually"}
                </Button>
                <Button variant="default" onClick={onClose} ml="auto">
                  Cancel
                </Button>
              </Group>
            </>
          ) : (
            <ManualIsbnEntry
              onIsbn={(typedIsbn, asTyped) => {
                setTyped(asTyped);
                setIsbn(typedIsbn);
              }}
              initialValue={typed}
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

type ConfirmStepProps = Pick<ScanDialogProps, 'libraryId' | 'ifNotHeld'> & { isbn: string; onScanAgain: () => void; onConfirm: () => void };

function ConfirmStep({ isbn, libraryId, ifNotHeld, onScanAgain, onConfirm }: ConfirmStepProps) {
  const { notHeld } = useHeldCopy(libraryId, isbn, { enabled: !!ifNotHeld });
  const refused = notHeld && ifNotHeld === 'refuse';
  const confirmButton = useRef<HTMLButtonElement>(null);
  const focusConfirm = useCallback(() => confirmButton.current?.focus(), []);
  return (
    <Stack>
      {/* Answered on Try again, the step goes on from Confirm Book, as it does when it opens. */}
      <BookPreview isbn={isbn} libraryId={libraryId} canProceed={!refused} onAnsweredAfterFailure={focusConfirm} />
      {ifNotHeld === 'refuse' && <AlertRegion>{refused && bookNotInLibrary(isbn)}</AlertRegion>}
      {ifNotHeld === 'offerToAdd' && (
        <LiveRegion role="status">{notHeld && <Text size="sm">{`${bookNotInLibrary(isbn)} Confirm Book opens the form to add it.`}</Text>}</LiveRegion>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onScanAgain}>
          Scan Again
        </Button>
        {/* The view changed under the focus: it moves to the step's answer. Refused, it keeps the focus (busyProps). */}
        <Button ref={confirmButton} onClick={() => refused || onConfirm()} autoFocus {...busyProps(refused)}>
          Confirm Book
        </Button>
      </Group>
    </Stack>
  );
}
