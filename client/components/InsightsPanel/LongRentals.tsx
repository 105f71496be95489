import { Table, Text } from '@mantine/core';
import { formatDate } from '../../lib/dates';

/** Lets a text wrap before each dot, and nowhere else. */
const breakBeforeDots = (text: string) => text.split(/(?=\.)/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));

/**
 * An email for a phone's narrow column: it wraps before its '@' first, as the domain holds
 * together (an inline block) unless it is itself too wide, then before a dot; never mid-word.
 */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <>
      {breakBeforeDots(email.slice(0, at))}
      <wbr />
      <span style={{ display: 'inline-block' }}>{breakBeforeDots(email.slice(at))}</span>
    </>
  );
}

type LongRental = { rentalId: number; bookTitle: string; customerName: string; customerEmail: string; rentedAt: Date; daysOut: number };

/** Copies out for more than 30 days, longest first. */
export function LongRentals({ total, rentals }: { total: number; rentals: LongRental[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Book</Table.Th>
              <Table.Th scope="col">Customer</Table.Th>
              <Table.Th scope="col" ta="right">
                Days out
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rentals.map((rental) => (
              <Table.Tr key={rental.rentalId}>
                <Table.Td>
                  {rental.bookTitle}
                  <Text size="xs" c="dimmed">
                    Rented on {formatDate(rental.rentedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {rental.customerName}
                  <Text size="xs" c="dimmed">
                    <BreakableEmail email={rental.customerEmail} />
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={600} c="orange.8">
                  {rental.daysOut}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > rentals.length && (
        <Text size="xs" c="dimmed" mt="xs">
          Showing the {rentals.length} longest of {total}.
        </Text>
      )}
    </>
  );
}
