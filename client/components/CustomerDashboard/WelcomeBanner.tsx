import { Alert, List } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { WELCOME_BANNER_DISMISSED_KEY } from '../../../shared/constants';

/** First steps for a customer with no active rental; once dismissed it stays dismissed. */
export function WelcomeBanner() {
  const [dismissed, setDismissed] = useLocalStorage({ key: WELCOME_BANNER_DISMISSED_KEY, defaultValue: false, getInitialValueInEffect: false });
  if (dismissed) return null;
  return (
    <Alert
      // A standing note, not an alert: it is not announced on every visit.
      role="region"
      title="Welcome to the Library!"
      color="brand"
      variant="light"
      withCloseButton
      closeButtonLabel="Dismiss welcome message"
      onClose={() => setDismissed(true)}
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
