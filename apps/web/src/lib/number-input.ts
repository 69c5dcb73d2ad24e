import { formatNumber, type Language, parseLocaleNumber } from '@solar/shared';
import type { ClipboardEvent } from 'react';
import { currentLanguage } from '../i18n';

/** The props that make a Mantine `NumberInput` read and show numbers in the UI language's pattern. */
export interface LocaleNumberInputProps {
  decimalSeparator: string;
  thousandSeparator: string;
  /**
   * Only the language's own decimal separator: Mantine's default (`.` and `,`) would take the `.` of a
   * German `1.299,50` as the decimal point and keep `1,29`.
   */
  allowedDecimalSeparators: string[];
  /** Reads a pasted number the way {@link parseLocaleNumber} does (`9.6` pasted in German is 9,6). */
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  /**
   * A number past `min` or `max` stays as typed, so the form's check names the limit under the field;
   * Mantine's default would silently change 5000 into 1000 on blur and save that.
   */
  clampBehavior: 'none';
}

/**
 * The separators of a language, taken from {@link formatNumber} so that inputs and displayed numbers
 * agree (SPEC §9): German `1.299,5`, English and Spanish `1,299.5`.
 */
export function numberSeparators(lang: Language): { decimalSeparator: string; thousandSeparator: string } {
  const sample = formatNumber(1234.5, lang, 1);
  return { thousandSeparator: sample.charAt(1), decimalSeparator: sample.charAt(5) };
}

/**
 * A pasted number that the input's own pattern would misread (`1234.5` pasted into a German field, where
 * the `.` groups thousands) is put in as {@link parseLocaleNumber} reads it; anything else is left to
 * Mantine, which already turned a pasted `1,234.5` around if it could.
 */
function pasteHandler(lang: Language, decimalSeparator: string, thousandSeparator: string) {
  return (event: ClipboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.defaultPrevented) return;
    const text = event.clipboardData.getData('text');
    const value = parseLocaleNumber(text, lang);
    if (typeof value !== 'number') return;
    const literal = Number(
      text
        .replace(/[\s\u00a0€]/g, '')
        .replaceAll(thousandSeparator, '')
        .replace(decimalSeparator, '.'),
    );
    const replacement = String(value);
    if (literal === value || /e/i.test(replacement)) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    const next =
      input.value.slice(0, start) + replacement.replace('.', decimalSeparator) + input.value.slice(end);
    // Through the native setter, so React (and react-number-format) see an ordinary edit.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, next);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

const propsByLanguage = new Map<Language, LocaleNumberInputProps>();

/**
 * Spread into every `NumberInput` that may hold thousands or decimals: `{...localeNumberInputProps()}`.
 * German reads and shows `1.299,50`, English and Spanish `1,299.50`; the value handed to `onChange`
 * stays a plain number (1299.5).
 */
export function localeNumberInputProps(lang: Language = currentLanguage()): LocaleNumberInputProps {
  let props = propsByLanguage.get(lang);
  if (!props) {
    const { decimalSeparator, thousandSeparator } = numberSeparators(lang);
    props = {
      decimalSeparator,
      thousandSeparator,
      allowedDecimalSeparators: [decimalSeparator],
      onPaste: pasteHandler(lang, decimalSeparator, thousandSeparator),
      clampBehavior: 'none',
    };
    propsByLanguage.set(lang, props);
  }
  return props;
}

/**
 * The number a `NumberInput` holds. Mantine hands over a string while the text is not yet a plain
 * number (`"1299.50"` while `1.299,50` is typed, `"12."`), always with `.` as the decimal point; it turns
 * into a number on blur, but Enter submits before that. Empty and unreadable text are `undefined`.
 */
export function numberValue(value: number | string | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
