import { Text } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { useOnlineStatus } from '../../hooks/use-online-status';
import { lazyToast } from '../../lib/lazy-toast';
import { LiveRegion } from '../LiveRegion';
import { useBottomBar } from '../Toasts/bottom-bars';
import classes from './OnlineStatus.module.css';

export const OFFLINE_NOTICE = 'You are offline. Showing the data you last loaded; changes need a connection.';

/** The online/offline indicator: a banner while offline, a short toast when the connection returns. */
export function OnlineStatus() {
  const online = useOnlineStatus();
  const wasOnline = useRef(online);
  // The banner is its live region, which takes no ref: measured from its notice, which it holds alone.
  const measureBanner = useBottomBar('--offline-banner-height');
  const measureFromNotice = useCallback((notice: HTMLElement | null) => measureBanner(notice?.parentElement ?? null), [measureBanner]);

  useEffect(() => {
    if (online && !wasOnline.current) void lazyToast().then((toast) => toast.success('You are back online.', { id: 'connection' }));
    wasOnline.current = online;
  }, [online]);

  // On the page online too, empty: the banner's notice is then read out as it comes.
  return (
    <LiveRegion role="status" className={online ? undefined : classes.banner} data-offline-banner={online ? undefined : true}>
      {!online && (
        <Text ref={measureFromNotice} size="sm" fw={500} ta="center">
          {OFFLINE_NOTICE}
        </Text>
      )}
    </LiveRegion>
  );
}
