import { Box, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { LONG_RENTAL_DAYS, LONG_RENTALS_PAGE_DEFAULT, type LongRental } from '../../../shared/schemas';
import { usePagedQuery } from '../../hooks/use-paged-query';
import { paging } from '../../lib/paging';
import { trpc } from '../../trpc';
import { BreakableEmail } from '../BreakableEmail';
import { ListSkeleton, PagedList } from '../DataState';
import { ShowAllToggle } from '../ShowAllToggle';
import { DateText } from '../DateText';

const longRentalPages = paging(LONG_RENTALS_PAGE_DEFAULT, (rental: LongRental) => rental.rentalId);

/** Copies out longer than LONG_RENTAL_DAYS, longest first: the longest few, or on request every one, a page at a time. */
export function LongRentals({ libraryId, total, rentals }: { libraryId: number; total: number; rentals: LongRental[] }) {
  const [expanded, setExpanded] = useState(false);
  const tableId = useId();
  return (
    <>
      <Box id={tableId}>{expanded ? <EveryLongRental libraryId={libraryId} /> : <LongRentalsTable rentals={rentals} />}</Box>
      {/* While expanded, Show fewer stays though returns meanwhile left no more than the longest few. */}
      {(expanded || total > rentals.length) && (
        <ShowAllToggle
          expanded={expanded}
          onToggle={setExpanded}
          controls={tableId}
          total={total}
          summary={expanded ? `All ${total}, a page at a time.` : `Showing the ${rentals.length} longest of ${total}.`}
        />
      )}
    </>
  );
}

/** Every copy out too long, longest first, a page at a time. */
function EveryLongRental({ libraryId }: { libraryId: number }) {
  const { query, rows } = usePagedQuery(trpc.insights.longRentalsPage, { libraryId }, longRentalPages);
  return (
    <PagedList
      query={query}
      rows={rows}
      loading={<ListSkeleton label={`Loading rentals out for more than ${LONG_RENTAL_DAYS} days`} count={5} height={36} />}
      failure={`Could not load the rentals out for more than ${LONG_RENTAL_DAYS} days: `}
      items="rentals"
    >
      {(rentals) => <LongRentalsTable rentals={rentals} />}
    </PagedList>
  );
}

function LongRentalsTable({ rentals }: { rentals: LongRental[] }) {
  return (
    <Table verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Book</Table.Th>
          {/* On a phone the customer goes under the book, in its cell: three columns left a title a few letters a line. */}
          <Table.Th scope="col" visibleFrom="xs">
            Customer
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Days out
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rentals.map((rental) => (
          <Table.Tr key={rental.rentalId}>
            <Table.Td>
              <div dir="auto">{rental.bookTitle}</div>
              <Text size="xs" c="dimmed">
                Rented on <DateText date={rental.rentedAt} />
              </Text>
              <Box hiddenFrom="xs" mt={4}>
                <Customer rental={rental} />
              </Box>
            </Table.Td>
            <Table.Td visibleFrom="xs">
              <Customer rental={rental} />
            </Table.Td>
            <Table.Td ta="right" fw={600} c="orange.8">
              {rental.daysOut}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Customer({ rental }: { rental: LongRental }) {
  return (
    <>
      <div dir="auto">{rental.customerName}</div>
      <Text size="xs" c="dimmed">
        <BreakableEmail email={rental.customerEmail} />
      </Text>
    </>
  );
}
