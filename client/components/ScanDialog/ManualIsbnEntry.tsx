import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { normalizeIsbn, typedIsbnProblem } from '../../../shared/isbn';

interface ManualIsbnEntryProps {
  /** The ISBN typed, normalized; and as it was typed. */
  onIsbn: (isbn: string, asTyped: string) => void;
  onCancel: () => void;
  /** Shown at the start of the button row (the switch back to the camera). */
  modeSwitch: ReactNode;
  /** Whether the check digit must hold, besides the length (ScanDialog's checkDigit). */
  checkDigit: boolean;
  /** What the field starts with: the ISBN last typed, back from its confirm step to be corrected or asked again. */
  initialValue?: string;
}

/** Typing the ISBN when there is no barcode to scan. */
export function ManualIsbnEntry({ onIsbn, onCancel, modeSwitch, checkDigit, initialValue = '' }: ManualIsbnEntryProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Brought back, the ISBN is selected: typed or scanned anew, it is replaced; an arrow key keeps it to correct.
  useEffect(() => {
    if (initialValue) input.current?.select();
  }, [initialValue]);

  /** Whether the typed ISBN can be looked up; if not, says why. */
  const check = () => {
    const problem = typedIsbnProblem(value, { checkDigit });
    if (problem) setError(problem);
    return !problem;
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (check()) onIsbn(normalizeIsbn(value), value);
    // Refused: to the field, whose message is then read out, as every refused form does.
    else input.current?.focus();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          ref={input}
          label="ISBN"
          placeholder="e.g. 978-0-14-143951-8"
          description="The ISBN is printed near the barcode on the back cover, or on the copyright page inside the book. You can also find it on the publisher's page for the book."
          value={value}
          error={error}
          autoFocus
          // Text, not numeric: a phone's number pad has no X, the last character of some ISBN-10s.
          inputMode="text"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          // Checked on blur too (SPEC section 5), once something is typed: an empty field has the button off.
          onBlur={() => {
            if (value.trim()) check();
          }}
        />
        <Group justify="space-between">
          {modeSwitch}
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={!value.trim()}>
              Look Up Book
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
