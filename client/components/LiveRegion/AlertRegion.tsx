import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { LiveRegion } from './LiveRegion';

type AlertRegionProps = Pick<AlertProps, 'title' | 'variant'> & {
  /** The error's message, or nothing (false, null, undefined) while there is none. */
  children?: ReactNode;
};

/**
 * A failure the user must hear at once (a refused sign-in, a save that failed): a red alert coming into an
 * assertive region already on the page. The alert itself is a group, so the message is not read twice.
 */
export function AlertRegion({ children, title, variant }: AlertRegionProps) {
  const shown = children !== undefined && children !== null && children !== false && children !== '';
  return (
    <LiveRegion role="alert">
      {shown && (
        <Alert color="red" title={title} variant={variant} role="group">
          {children}
        </Alert>
      )}
    </LiveRegion>
  );
}
