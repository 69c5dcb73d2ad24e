// The date picker's styles and calendar languages load with the board only, never with the login.
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import { DateInput } from '@mantine/dates';
import type { Language } from '@solar/shared';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { useInvalidReport } from '../../hooks/use-invalid-report';
import { type DateInputProblem, monthName, parseDateInput, readDateInput } from '../../lib/date-input';
import { formatDay, isoDate } from '../../lib/values';

/** The dayjs locale of a UI language: the calendar's month and weekday names. */
const CALENDAR_LOCALE: Record<Language, string> = { de: 'de', en: 'en', es: 'es' };

export interface DateFieldProps {
  value: unknown;
  /** A `YYYY-MM-DD` day, or null when the text was emptied; an unreadable text is never reported. */
  onChange: (value: string | null) => void;
  /** The input's accessible name. */
  label: string;
  size?: 'xs' | 'sm';
  /** Focused when shown, its text selected, so typing replaces the date (the grid's cell editor). */
  autoFocus?: boolean;
  /** Marked for a form's focus trap to focus when the form opens (never focused later). */
  focusOnOpen?: boolean;
  /**
   * Characters typed on the grid's date cell that opened the editor (spreadsheet style): the start of
   * the typed date, put in as if typed here, the caret after them (read once, when shown).
   */
  seed?: string;
  w?: number;
  /** A message from elsewhere (the server's refusal), shown while the text itself reads as a date. */
  error?: string;
  /** Told true while the typed text is no date (never reported as a value), false once it is again. */
  onInvalid?: (invalid: boolean) => void;
}

/**
 * A date typed in the UI language's pattern (24.12.2026 in German, 24/12/2026 in English and Spanish,
 * as the cells show it) or picked in a calendar in that language, its week starting on Monday, whatever
 * the browser's language. Saved as `YYYY-MM-DD`. A text that is not a date is marked invalid (on blur or
 * Enter) and keeps the old value; Enter on it is held here, so a panel around it stays open.
 */
export function DateField({
  value,
  onChange,
  label,
  size = 'sm',
  autoFocus,
  focusOnOpen,
  seed,
  w,
  error: outside,
  onInvalid,
}: DateFieldProps) {
  const { t } = useTranslation('board');
  const lang = currentLanguage();
  const day = isoDate(value);
  // The text typed since the value last changed (null: none), and whether the user left or confirmed it.
  const [typed, setTyped] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [shown, setShown] = useState(day);
  if (shown !== day) {
    setShown(day);
    setTyped(null);
    setChecked(false);
  }
  const reading = typed === null ? undefined : readDateInput(typed, lang);
  const invalid = reading !== undefined && 'problem' in reading;
  const error = checked && reading && 'problem' in reading ? problemText(reading) : undefined;
  useInvalidReport(invalid, onInvalid);

  // 31.02.2026 says how many days February has; 24.13.2026 that there is no such day; the rest the pattern.
  function problemText(why: DateInputProblem): string {
    if (why.problem === 'days') {
      return t('errors.dateDays', { month: monthName(why.year, why.month, lang), days: why.days });
    }
    return t(why.problem === 'month' ? 'errors.dateMonth' : 'errors.date');
  }

  const inputRef = useRef<HTMLInputElement>(null);
  const seedRef = useRef(seed);
  // The characters typed on the cell go in as typed input: the field (and the calendar's own text)
  // reads them as it reads any typing, and the next keys go on after them. An effect, run after the
  // calendar's own, which sets the text to the shown date when it is first drawn.
  useEffect(() => {
    const input = inputRef.current;
    const text = seedRef.current;
    if (!input || !text) return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.setSelectionRange(text.length, text.length);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && invalid) {
      event.preventDefault();
      event.stopPropagation();
      setChecked(true);
    }
  };

  return (
    <DateInput
      ref={inputRef}
      aria-label={label}
      size={size}
      w={w}
      autoFocus={autoFocus}
      data-autofocus={autoFocus || focusOnOpen || undefined}
      // Typing replaces the shown date; typed characters that opened the editor are kept instead.
      onFocus={autoFocus && !seedRef.current ? (event) => event.currentTarget.select() : undefined}
      placeholder={t('dates.placeholder')}
      value={day}
      onChange={(next) => onChange(isoDate(next))}
      onInput={(event) => {
        const text = event.currentTarget.value;
        setTyped(text);
        if (text.trim() === '' && day !== null) onChange(null);
      }}
      onBlur={() => setChecked(true)}
      onKeyDown={onKeyDown}
      error={error ?? outside}
      // An unreadable text stays, marked, rather than silently turning back into the old date.
      fixOnBlur={!invalid}
      valueFormat={(date) => formatDay(date, lang)}
      dateParser={(text) => parseDateInput(text, lang) ?? null}
      locale={CALENDAR_LOCALE[lang]}
      firstDayOfWeek={1}
      // In the board's popovers (cell editor, bulk edit): a calendar outside them would close them.
      // Hidden while the error shows, which it would cover; back once the text reads as a date.
      popoverProps={{ withinPortal: false, ...(error ? { opened: false } : {}) }}
      ariaLabels={{
        previousMonth: t('dates.previousMonth'),
        nextMonth: t('dates.nextMonth'),
        previousYear: t('dates.previousYear'),
        nextYear: t('dates.nextYear'),
        previousDecade: t('dates.previousDecade'),
        nextDecade: t('dates.nextDecade'),
        monthLevelControl: t('dates.monthLevel'),
        yearLevelControl: t('dates.yearLevel'),
      }}
    />
  );
}
