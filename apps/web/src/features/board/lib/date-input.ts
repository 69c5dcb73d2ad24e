import { type Language, localeOf } from '@solar/shared';

type Part = 'day' | 'month' | 'year';

/** The order of day, month and year in a language's dates, as `formatDate` writes them (kept per language). */
const orders = new Map<Language, Part[]>();

function orderOf(lang: Language): Part[] {
  let order = orders.get(lang);
  if (!order) {
    const parts = new Intl.DateTimeFormat(localeOf(lang), {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date(2026, 11, 24));
    order = parts.map((p) => p.type).filter((t): t is Part => t === 'day' || t === 'month' || t === 'year');
    orders.set(lang, order);
  }
  return order;
}

/**
 * Why a typed text is no date: `pattern` when it is not written as one (24.12.20, 12/24/2026 in
 * German), `month` when day, month and year are in place but the month or day is none (24.13.2026,
 * 00.05.2026), `days` when the month has fewer days (31.02.2026; `days` and `month` say how many).
 */
export type DateInputProblem =
  | { problem: 'pattern' }
  | { problem: 'month' }
  | { problem: 'days'; year: number; month: number; days: number };

type Reading = { iso: string | null } | DateInputProblem;

/** A day of the calendar as `YYYY-MM-DD`, or why it is none (31.02. and month 13 are not days). */
function dayOf(year: number, month: number, day: number): Reading {
  if (year < 1000) return { problem: 'pattern' };
  if (month < 1 || month > 12 || day < 1) return { problem: 'month' };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return { problem: 'days', year, month, days };
  return { iso: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/**
 * A date typed in the UI language's pattern, the one the cells show (`formatDate`): 24.12.2026 in
 * German, 24/12/2026 in English and Spanish. A one-digit day or month, `.`, `/` or `-` as the
 * separator and the stored form `2026-12-24` are read too. The year needs four digits, so a date
 * still being typed (24.12.20) is not read as another one. Empty is `{ iso: null }`; a text that is
 * no calendar day says why.
 */
export function readDateInput(text: string, lang: Language): Reading {
  const t = text.trim();
  if (t === '') return { iso: null };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const match = /^(\d{1,4})([./-])(\d{1,4})\2(\d{1,4})$/.exec(t);
  if (!match) return { problem: 'pattern' };
  const fields = [match[1], match[3], match[4]];
  const value: Partial<Record<Part, string>> = {};
  orderOf(lang).forEach((part, i) => {
    value[part] = fields[i];
  });
  const { day, month, year } = value;
  if (!day || !month || !year || year.length !== 4 || day.length > 2 || month.length > 2) {
    return { problem: 'pattern' };
  }
  return dayOf(Number(year), Number(month), Number(day));
}

/**
 * The typed text as `YYYY-MM-DD`: empty is `null`; a text that is not a calendar day (31.02.2026,
 * 24.13.2026, 12/24/2026 in German) is `undefined`.
 */
export function parseDateInput(text: string, lang: Language): string | null | undefined {
  const reading = readDateInput(text, lang);
  return 'iso' in reading ? reading.iso : undefined;
}

/** A month and year in the UI language, as a sentence starts with it ("Februar 2026", "Febrero de 2026"). */
export function monthName(year: number, month: number, lang: Language): string {
  const name = new Intl.DateTimeFormat(localeOf(lang), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  return name.charAt(0).toLocaleUpperCase(localeOf(lang)) + name.slice(1);
}
