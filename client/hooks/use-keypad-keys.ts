import { useEffect, useRef } from 'react';
import { phoneDigits } from '../../shared/schemas';

interface KeypadKeys {
  addDigit: (digit: string) => void;
  deleteDigit: () => void;
  logIn: () => void;
}

/**
 * A terminal's keyboard, if it has one, types on the kiosk's keypad: digits, Backspace, and Enter to log in
 * (unless focus is on a button, which Enter presses). Keys typed into a field that takes text are its own.
 * The listener is added once, and calls the latest `keys`.
 */
export function useKeypadKeys(keys: KeypadKeys) {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.matches('textarea, input:not([readonly])')) return;
      // A keyboard set to another script types its own digits (٣, ३); the number holds 0 to 9.
      if (/^\p{Nd}$/u.test(event.key)) latest.current.addDigit(phoneDigits(event.key));
      else if (event.key === 'Backspace') latest.current.deleteDigit();
      else if (event.key === 'Enter' && !target?.closest('button')) latest.current.logIn();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
