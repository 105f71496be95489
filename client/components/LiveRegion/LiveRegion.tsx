import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './LiveRegion.module.css';

type LiveRegionProps = Omit<ComponentPropsWithoutRef<'div'>, 'role' | 'children'> & {
  /** 'status' waits for the screen reader to finish what it says (polite); 'alert' interrupts it (assertive). */
  role: 'status' | 'alert';
  /** The message, or nothing (false, null) while there is none: the region stays, empty. */
  children?: ReactNode;
  /** Read out, never shown (a search's count of results). */
  offScreen?: boolean;
};

/**
 * Where a message the user must hear without moving focus appears: on the page, empty, before it, so that
 * screen readers read it as the region's change. A region added with its text already in it is often not
 * read at all (NVDA, JAWS and VoiceOver follow the changes of regions they know). Empty, it takes no room.
 */
export function LiveRegion({ role, children, offScreen = false, className, ...rest }: LiveRegionProps) {
  return (
    <div
      role={role}
      aria-live={role === 'alert' ? 'assertive' : 'polite'}
      aria-atomic
      className={[classes.region, offScreen && classes.offScreen, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </div>
  );
}
