import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import { trpc } from '../../trpc';
import classes from './OwnRentalsNote.module.css';

/**
 * For staff: the books still out on their own account (rented as a customer, before an upgrade, or at
 * another library), which their dashboard does not list. Nothing while there are none, or while unknown.
 */
export function OwnRentalsNote() {
  const rentals = trpc.rentals.mineEverywhere.useQuery();
  const count = rentals.data?.length ?? 0;
  if (count === 0) return null;
  return (
    // A region, not an alert: it is not news, and would be read out on every visit to the dashboard.
    <Alert color="blue" variant="light" className={classes.note} role="region" aria-label="Your own rentals">
      <Text size="sm">
        {count === 1 ? 'You have 1 book out on your own account.' : `You have ${count} books out on your own account.`}{' '}
        <Anchor component={Link} href="/profile#my-rentals" size="sm" fw={600}>
          {count === 1 ? 'See and return it on your profile' : 'See and return them on your profile'}
        </Anchor>
      </Text>
    </Alert>
  );
}
