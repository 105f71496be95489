import { useEffect } from 'react';
import { applyUpdate, useUpdateWaiting } from '../lib/app-update';

/**
 * A new version of the app, waiting, takes over as soon as `idle` holds (no one is using the screen): a
 * kiosk is left open for days, with no one to press Update.
 */
export function useApplyUpdateWhenIdle(idle: boolean) {
  const updateWaiting = useUpdateWaiting();
  useEffect(() => {
    if (updateWaiting && idle) void applyUpdate();
  }, [updateWaiting, idle]);
}
