import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { afterButtonPress, trackButtonPresses } from '../lib/button-press';

type Values = Record<string, unknown>;

/** The control that answers for an invalid field: the field itself, or the first choice of a group. */
function focusTarget(invalid: HTMLElement) {
  if (invalid.matches('input, textarea, select, button')) return invalid;
  return invalid.querySelector<HTMLElement>('input:checked, input:not([type=hidden]), [tabindex="0"]') ?? invalid;
}

/**
 * Form state checked by one of the shared zod schemas: a field on blur, every field on submit,
 * with the schema's own messages (SPEC section 5). A submit refused, here or by the server (setErrors),
 * takes the focus to the first invalid field, so that its message is read out to whoever is on the
 * keyboard or a screen reader.
 */
export function useZodForm<S extends z.ZodType<any, Values>>(schema: S, initialValues: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof z.input<S>, string>>>({});
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  const form = useRef<HTMLFormElement | null>(null);
  /** Counts submits and resets: a field's check put off past a button press is dropped after one. */
  const generation = useRef(0);
  /** Fields whose message came from elsewhere (the server): it stands until the field changes or the form is sent again. */
  const outsideErrors = useRef(new Set<keyof z.input<S>>());

  useEffect(() => trackButtonPresses(), []);

  useEffect(() => {
    const invalid = refusedSubmits ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (invalid) focusTarget(invalid).focus();
  }, [refusedSubmits]);

  const fieldErrors = (candidate: z.input<S>) => {
    const result = schema.safeParse(candidate);
    const found: Partial<Record<keyof z.input<S>, string>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof z.input<S>;
        if (key !== undefined && !found[key]) found[key] = issue.message;
      }
    }
    return { result, found };
  };

  const validateField = (field: keyof z.input<S>) => {
    const { found } = fieldErrors(values);
    setErrors((prev) => ({ ...prev, [field]: found[field] ?? (outsideErrors.current.has(field) ? prev[field] : undefined) }));
  };

  const setValue = <K extends keyof z.input<S>>(field: K, value: z.input<S>[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    outsideErrors.current.delete(field);
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  /** Messages from elsewhere, the server's refusal say, on the fields it names. */
  const setOutsideErrors = (outside: Partial<Record<keyof z.input<S>, string>>) => {
    for (const field of Object.keys(outside)) outsideErrors.current.add(field as keyof z.input<S>);
    setErrors((prev) => ({ ...prev, ...outside }));
    setRefusedSubmits((count) => count + 1);
  };

  /** Props for a Mantine input bound to a field. */
  const inputProps = (field: keyof z.input<S> & string) => ({
    name: field,
    value: (values[field] as string | undefined) ?? '',
    error: errors[field],
    // Mantine's PasswordInput leaves it out of its input.
    'aria-invalid': !!errors[field],
    onChange: (event: { currentTarget: { value: string } }) => setValue(field, event.currentTarget.value as z.input<S>[typeof field]),
    // Pressing a button (Save, Cancel) takes the focus first: the message waits for the press to end (lib/button-press.ts).
    // A submit or a reset meanwhile (the pressed button's own) has the last word.
    onBlur: () => {
      const at = generation.current;
      afterButtonPress(() => generation.current === at && validateField(field));
    },
  });

  const handleSubmit = (onValid: (data: z.output<S>) => void | Promise<void>) => (event?: { preventDefault(): void; currentTarget?: unknown }) => {
    event?.preventDefault();
    generation.current++;
    outsideErrors.current.clear();
    const { result, found } = fieldErrors(values);
    setErrors(found);
    if (event?.currentTarget instanceof HTMLFormElement) form.current = event.currentTarget;
    if (result.success) return onValid(result.data);
    setRefusedSubmits((count) => count + 1);
  };

  const reset = (next: z.input<S> = initialValues) => {
    generation.current++;
    outsideErrors.current.clear();
    setValues(next);
    setErrors({});
  };

  return { values, errors, setValue, setErrors: setOutsideErrors, validateField, inputProps, handleSubmit, reset };
}
