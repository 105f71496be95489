import { Table, Text } from '@mantine/core';
import { formatDate } from '../../lib/dates';
import { BreakableEmail } from '../BreakableEmail';

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
