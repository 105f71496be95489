import { describe, expect, it } from 'vitest';
import { KIOSK_INACTIVITY_MS, KIOSK_INACTIVITY_WARNING_MS } from '../../shared/constants';
import { inactivityTimesFrom } from './use-kiosk-inactivity';

describe('kiosk inactivity times', () => {
  it('are 2 minutes with a 20-second warning unless the address shortens them', () => {
    expect(inactivityTimesFrom('')).toEqual({ timeoutMs: KIOSK_INACTIVITY_MS, warningMs: KIOSK_INACTIVITY_WARNING_MS });
    expect(inactivityTimesFrom('?inactivityMs=abc&inactivityWarningMs=-5')).toEqual({
      timeoutMs: KIOSK_INACTIVITY_MS,
      warningMs: KIOSK_INACTIVITY_WARNING_MS,
    });
  });

  it('take a shortened timeout, with a warning of at most half of it unless one is given', () => {
    expect(inactivityTimesFrom('?inactivityMs=6000')).toEqual({ timeoutMs: 6_000, warningMs: 3_000 });
    expect(inactivityTimesFrom('?inactivityMs=60000')).toEqual({ timeoutMs: 60_000, warningMs: 20_000 });
    expect(inactivityTimesFrom('?inactivityMs=5000&inactivityWarningMs=4000')).toEqual({ timeoutMs: 5_000, warningMs: 4_000 });
    expect(inactivityTimesFrom('?inactivityMs=5000&inactivityWarningMs=9000')).toEqual({ timeoutMs: 5_000, warningMs: 5_000 });
  });

  it('ignore values under a second', () => {
    expect(inactivityTimesFrom('?inactivityMs=10').timeoutMs).toBe(KIOSK_INACTIVITY_MS);
  });
});
