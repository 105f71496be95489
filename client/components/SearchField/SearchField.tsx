import { TextInput } from '@mantine/core';
import { SEARCH_MAX_LENGTH } from '../../../shared/constants';

/** A list's search box: the text as typed, passed up on each keystroke (the list debounces it, see useDebouncedSearch). */
export function SearchField({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return <TextInput label={label} placeholder={placeholder} type="search" maxLength={SEARCH_MAX_LENGTH} value={value} onChange={(event) => onChange(event.currentTarget.value)} maw={420} />;
}
