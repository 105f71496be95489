import { Alert, List } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useRef } from 'react';
import { WELCOME_BANNER_DISMISSED_KEY } from '../../../shared/constants';
import { focusHeading } from '../../lib/focus-heading';
import { trpc } from '../../trpc';

/**
 * First steps for a customer with no active rental at any library (one with books out elsewhere knows
 * them); once dismissed it stays dismissed, and the focus goes on to the section after it.
 */
export function WelcomeBanner() {
  const [dismissed, setDismissed] = useLocalStorage({ key: WELCOME_BANNER_DISMISSED_KEY, defaultValue: false, getInitialValueInEffect: false });
  const rentals = trpc.rentals.mineEverywhere.useQuery(undefined, { enabled: !dismissed });
  const banner = useRef<HTMLDivElement>(null);
  if (dismissed || !rentals.isSuccess || rentals.data.length > 0) return null;
  const dismiss = () => {
    const next = banner.current?.nextElementSibling;
    setDismissed(true);
    if (next instanceof HTMLElement) focusHeading(next, next.querySelector('h2'));
  };
  return (
    <Alert
      ref={banner}
      // A standing note, not an alert: it is not announced on every visit.
      role="region"
      title="Welcome to the Library!"
      // Its title is a heading, of a section beside My Rentals and Available to Rent (h2, under the page's h1),
      // as it looked: Alert draws it as a span inside a div, where an h2 element would not be valid HTML.
      attributes={{ label: { role: 'heading', 'aria-level': 2 } }}
      color="brand"
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss welcome message"
      // A tap target a finger finds (WCAG 2.5.8 asks 24 px at least).
      styles={{ closeButton: { width: 36, height: 36, minWidth: 36, minHeight: 36 } }}
      onClose={dismiss}
      mb="lg"
    >
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>Find a book you like under &lsquo;Available to Rent&rsquo;.</List.Item>
        <List.Item>Click Rent Book to borrow a copy.</List.Item>
        <List.Item>Your rented books appear under &lsquo;My Rentals&rsquo;, where you can return them.</List.Item>
      </List>
    </Alert>
  );
}
