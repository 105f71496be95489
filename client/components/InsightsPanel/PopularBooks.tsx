import { Progress, Table, Text } from '@mantine/core';
import type { PopularBook } from '../../../shared/schemas';


/** The ten most rented books, as a table with a bar for each count. */
export function PopularBooks({ books }: { books: PopularBook[] }) {
  const most = Math.max(...books.map((b) => b.rentals));
  return (
    <Table verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Book</Table.Th>
          <Table.Th scope="col" ta="right">
            Rentals
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {books.map((book) => (
          <Table.Tr key={book.bookId}>
            <Table.Td>
              <Text size="sm" fw={500} lineClamp={2} dir="auto">
                {book.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1} dir="auto">
                {book.author}
              </Text>
              <Progress value={(book.rentals / most) * 100} size="xs" mt={4} aria-hidden="true" />
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {book.rentals}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
