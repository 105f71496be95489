import { Button, type ButtonProps } from '@mantine/core';
import { useReturnRental } from '../../hooks/use-rental-actions';
import { busyProps } from '../../lib/busy';

/** Returns one rental: 'Returning...' while it and the lists' refresh run, a second press ignored meanwhile. */
export function ReturnButton({ rentalId, label = 'Return Book', ...props }: { rentalId: number; label?: string } & ButtonProps) {
  const giveBack = useReturnRental();
  return (
    <Button variant="light" {...props} {...busyProps(giveBack.isPending)} onClick={() => giveBack.isPending || giveBack.mutate({ rentalId })}>
      {giveBack.isPending ? 'Returning...' : label}
    </Button>
  );
}
