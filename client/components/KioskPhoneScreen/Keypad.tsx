import { Button, SimpleGrid } from '@mantine/core';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** Digits 0-9 and a delete key, sized for fingers. */
export function Keypad({ onDigit, onDelete, disabled }: { onDigit: (digit: string) => void; onDelete: () => void; disabled?: boolean }) {
  const key = (digit: string, wide = false) => (
    <Button key={digit} variant="default" size="xl" h={64} fz={26} onClick={() => onDigit(digit)} disabled={disabled} style={wide ? { gridColumn: 'span 2' } : undefined}>
      {digit}
    </Button>
  );
  return (
    <SimpleGrid cols={3} spacing="sm" role="group" aria-label="Keypad">
      {DIGITS.map((digit) => key(digit))}
      {key('0', true)}
      <Button variant="light" color="gray" size="xl" h={64} fz={26} onClick={onDelete} disabled={disabled} aria-label="Delete">
        ⌫
      </Button>
    </SimpleGrid>
  );
}
