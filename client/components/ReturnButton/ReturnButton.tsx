import { Button, type ButtonProps } from '@mantine/core';
import { useOneAtATime } from '../../hooks/use-one-at-a-time';
import { useListsSettling, useReturnRental } from '../../hooks/use-rental-actions';
import { busyProps } from '../../lib/busy';

/**
 * Returns one rental: 'Returning...' while it and the lists' refresh run; a second press is ignored
 * meanwhile, and as the lists move after it.
 */
export function ReturnButton({ rentalId, label = 'Return Book', describedBy, ...props }: { rentalId: number; label?: string; describedBy?: string } & ButtonProps) {
  const giveBack = useReturnRental();
  const giveBackOnce = useOneAtATime(giveBack);
  const settling = useListsSettling();
  const busy = giveBack.isPending || settling;
  return (
    <Button variant="light" {...props} aria-describedby={describedBy} {...busyProps(busy)} onClick={() => busy || giveBackOnce({ rentalId })}>
      {giveBack.isPending ? 'Returning...' : label}
    </Button>
  );
}
