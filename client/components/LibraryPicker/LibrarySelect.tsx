import { Select } from '@mantine/core';
import type { Library } from '../../../shared/schemas';
import { useOnlineStatus } from '../../hooks/use-online-status';
import classes from './LibrarySelect.module.css';

interface LibrarySelectProps {
  libraries: Library[] | undefined;
  loading: boolean;
  value: Library | null;
  onChange: (libraryId: number | null) => void;
  /** Where the page sets it among its other controls. */
  className?: string;
}

/**
 * 'Select a Library...': the libraries by name, as the server sorts them (the dashboard says when they could not be
 * read). Offline, a list never loaded is not on its way: the select says it waits for the connection.
 */
export function LibrarySelect({ libraries, loading, value, onChange, className }: LibrarySelectProps) {
  const online = useOnlineStatus();
  return (
    <Select
      label="Library"
      placeholder={!loading ? 'Select a Library...' : online ? 'Loading libraries...' : 'Offline: not loaded yet'}
      data={(libraries ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? Number(id) : null)}
      disabled={loading}
      searchable
      // Also what a search of the list that matches none shows.
      nothingFoundMessage={libraries?.length ? 'No library by that name' : 'No libraries yet'}
      allowDeselect={false}
      w={{ base: '100%', xs: 260 }}
      className={className}
      classNames={{ input: classes.input }}
      comboboxProps={{ withinPortal: true }}
      // A long name wraps inside the list, a very long word too, rather than run past its edge.
      styles={{ option: { overflowWrap: 'anywhere' } }}
    />
  );
}
