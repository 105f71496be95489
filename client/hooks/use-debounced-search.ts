import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';

/** A search box's text as typed, and trimmed once typing pauses (SEARCH_DEBOUNCE_MS): what the list is asked for. */
export function useDebouncedSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return { search, setSearch, debounced };
}
