import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { KIOSK_INACTIVITY_MS, KIOSK_INACTIVITY_WARNING_MS } from '../../shared/constants';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
const TICK_MS = 250;
const MIN_OVERRIDE_MS = 1_000;

interface InactivityTimes {
  timeoutMs: number;
  warningMs: number;
}

/**
 * The kiosk's inactivity times. Tests and demos shorten them on the kiosk's address with
 * `?inactivityMs=N` (and optionally `&inactivityWarningMs=N`), read when an idle timer starts
 * (the customer's screen, a half-done registration or number); values under a second are ignored. The warning never takes more than half the timeout
 * unless it is set explicitly.
 */
export function inactivityTimesFrom(search: string): InactivityTimes {
  const params = new URLSearchParams(search);
  const read = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value >= MIN_OVERRIDE_MS ? value : null;
  };
  const timeoutMs = read('inactivityMs') ?? KIOSK_INACTIVITY_MS;
  const warningMs = Math.min(read('inactivityWarningMs') ?? Math.min(KIOSK_INACTIVITY_WARNING_MS, timeoutMs / 2), timeoutMs);
  return { timeoutMs, warningMs };
}

/**
 * A kiosk is a shared terminal: after its idle time without input (`inactivityTimesFrom` the kiosk's
 * address, read once), `onTimeout` signs the customer out or clears what was left half done. During the
 * last part, `secondsLeft` counts down for a warning; any input, or `stayActive` (the warning's button),
 * starts the count again.
 */
export function useKioskInactivity(onTimeout: () => void) {
  const search = useSearch();
  const [{ timeoutMs, warningMs }] = useState(() => inactivityTimesFrom(search));
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const deadline = useRef(0);
  const timeoutHandler = useRef(onTimeout);
  useEffect(() => {
    timeoutHandler.current = onTimeout;
  }, [onTimeout]);

  const stayActive = useCallback(() => {
    deadline.current = Date.now() + timeoutMs;
    setSecondsLeft(null);
  }, [timeoutMs]);

  useEffect(() => {
    stayActive();
    const tick = setInterval(() => {
      const left = deadline.current - Date.now();
      if (left <= 0) {
        clearInterval(tick);
        timeoutHandler.current();
      } else {
        setSecondsLeft(left <= warningMs ? Math.ceil(left / 1_000) : null);
      }
    }, TICK_MS);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, stayActive, { passive: true, capture: true });
    return () => {
      clearInterval(tick);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, stayActive, { capture: true });
    };
  }, [stayActive, warningMs]);

  return { secondsLeft, stayActive };
}
