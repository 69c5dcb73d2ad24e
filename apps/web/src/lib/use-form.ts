import type { TFunction } from 'i18next';
import { type ChangeEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { fieldErrorsOf } from './errors';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Minimal form state for the shared zod schemas: values, per-field errors, and a `validate` that parses
 * with the schema and translates its issues. Errors of a field clear when it changes.
 */
export function useForm<T extends Record<string, unknown>>(initialValues: T) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [values, setValues] = useState<T>(initialValues);
  // The messages are text in the language they were made in: after a switch of language they are
  // no longer shown (the next check or save says it again, in the new language).
  const [shown, setShown] = useState<{ language: string; errors: FieldErrors<T> }>({ language, errors: {} });
  const errors: FieldErrors<T> = shown.language === language ? shown.errors : {};

  const setErrors = useCallback(
    (next: FieldErrors<T>) => setShown({ language: i18n.language, errors: next }),
    [i18n],
  );

  const setField = useCallback(<K extends keyof T & string>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setShown((current) =>
      current.errors[key] ? { ...current, errors: { ...current.errors, [key]: undefined } } : current,
    );
  }, []);

  const reset = useCallback(
    (next: T) => {
      setValues(next);
      setErrors({});
    },
    [setErrors],
  );

  /** Parses the values; on failure sets the translated field errors and returns null. */
  function validate<O>(schema: ZodType<O>, t: TFunction, input: unknown = values): O | null {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    setErrors(fieldErrorsOf(result.error.issues, t) as FieldErrors<T>);
    return null;
  }

  /** Props for a Mantine text input bound to a string field. */
  function textProps<K extends keyof T & string>(key: K) {
    return {
      name: key,
      value: String(values[key] ?? ''),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setField(key, event.currentTarget.value as T[K]),
      error: errors[key],
    };
  }

  return { values, errors, setErrors, setField, reset, validate, textProps };
}

/**
 * Field messages keyed by field name, as the API answers them (`errors`, paths such as
 * `monthlySolarData.May`), for forms that keep their values themselves: a field's message goes once
 * the user changes that field.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clearError = useCallback(
    (name: string) =>
      setErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _gone, ...rest } = current;
        return rest;
      }),
    [],
  );
  return { errors, setErrors, clearError };
}

/**
 * Moves the focus to the form's first field marked invalid, once the messages are drawn: a screen
 * reader then reads that field with its message (aria-describedby), and the keyboard is where the
 * fix is to be made. Where no field is marked (a message that belongs to none), the focus stays.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
