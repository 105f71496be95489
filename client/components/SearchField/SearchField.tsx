import { TextInput } from '@mantine/core';
import { SEARCH_MAX_LENGTH } from '../../../shared/constants';
import { SearchStatus } from './SearchStatus';

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** What the results of the last search come to, read out as they arrive (searchStatusText). */
  status: string;
}

/** A list's search box: the text as typed, passed up on each keystroke (the list debounces it, see useDebouncedSearch). */
export function SearchField({ label, placeholder, value, onChange, status }: SearchFieldProps) {
  return (
    <>
      <TextInput label={label} placeholder={placeholder} type="search" maxLength={SEARCH_MAX_LENGTH} value={value} onChange={(event) => onChange(event.currentTarget.value)} maw={420} />
      <SearchStatus text={status} />
    </>
  );
}
