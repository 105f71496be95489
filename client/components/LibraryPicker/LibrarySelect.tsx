import { Select } from '@mantine/core';
import type { Library } from '../../../shared/schemas';
import { callFallbacks, errorMessage } from '../../lib/error-messages';

interface LibrarySelectProps {
  libraries: Library[] | undefined;
  loading: boolean;
  error: unknown;
  value: Library | null;
  onChange: (libraryId: number | null) => void;
}

/** 'Select a Library...': the libraries by name, as the server sorts them. */
export function LibrarySelect({ libraries, loading, error, value, onChange }: LibrarySelectProps) {
  return (
    <Select
      label="Library"
      placeholder={loading ? 'Loading libraries...' : 'Select a Library...'}
      data={(libraries ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? Number(id) : null)}
      error={error ? errorMessage(error, callFallbacks.fetchLibraries) : undefined}
      disabled={loading}
      searchable
      nothingFoundMessage="No libraries yet"
      allowDeselect={false}
      w={{ base: '100%', xs: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
