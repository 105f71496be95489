import { Loader } from '@mantine/core';

/**
 * A control whose action is running: it looks and reads as disabled but keeps focus (a disabled
 * control drops focus to the page). Its handler must ignore presses meanwhile.
 */
export function busyProps(busy: boolean) {
  return busy ? ({ 'aria-disabled': true, 'data-disabled': true } as const) : {};
}

/** busyProps for a Button, with a spinner before its label meanwhile (Mantine's own `loading` disables it). */
export function busyButtonProps(busy: boolean) {
  return { ...busyProps(busy), leftSection: busy ? <Loader size="sm" color="currentColor" /> : undefined };
}
