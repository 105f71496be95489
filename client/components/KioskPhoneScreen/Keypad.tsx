import { Button, SimpleGrid } from '@mantine/core';
import type { MouseEvent } from 'react';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * A tap does not take the focus: on a terminal with a keyboard as well, Enter after a tapped digit logs in,
 * rather than pressing that key again. Keys reached by Tab take the focus, and Enter presses them, as usual.
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** Digits 0-9 and a delete key, sized for fingers; no side padding, so a digit shows whole in a 320 px screen's key. */
export function Keypad({ onDigit, onDelete, disabled }: { onDigit: (digit: string) => void; onDelete: () => void; disabled?: boolean }) {
  const key = (digit: string, wide = false) => (
    <Button key={digit} variant="default" size="xl" h={64} px={0} fz={26} onMouseDown={keepFocus} onClick={() => onDigit(digit)} disabled={disabled} style={wide ? { gridColumn: 'span 2' } : undefined}>
      {digit}
    </Button>
  );
  return (
    <SimpleGrid cols={3} spacing="sm" role="group" aria-label="Keypad">
      {DIGITS.map((digit) => key(digit))}
      {key('0', true)}
      <Button variant="light" color="gray" size="xl" h={64} px={0} fz={26} onMouseDown={keepFocus} onClick={onDelete} disabled={disabled} aria-label="Delete">
        ⌫
      </Button>
    </SimpleGrid>
  );
}
