import { csvNumber } from '../csv';
import type { Language } from '../enums';
import type { Column, Task } from './schema';

/** Checkbox words of a cell's text, in the reader's language (read back by the import and the paste). */
export const CHECKBOX_YES: Record<Language, string> = { de: 'ja', en: 'yes', es: 'sí' };
export const CHECKBOX_NO: Record<Language, string> = { de: 'nein', en: 'no', es: 'no' };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function optionLabel(column: Column, value: unknown): string {
  const text = String(value);
  return column.options?.find((o) => o.value === text)?.label ?? text;
}

/**
 * A cell as text, the way a spreadsheet takes it: the CSV export writes it, the board's copy puts it on
 * the clipboard, and the import and the paste read it back into the same value. Options by their
 * label, people by name, relations by the related record's name (`related`: id to name), checkboxes
 * as yes/no words, numbers without grouping and with the language's decimal mark.
 */
export function cellText(
  column: Column,
  task: Pick<Task, 'taskName' | 'seq' | 'properties'>,
  lang: Language,
  related: Record<string, string>,
): string {
  if (column.id === 'taskName') return task.taskName;
  if (column.dataType === 'id') return String(task.seq);
  const value = task.properties[column.id]?.value;
  if (value === null || value === undefined || value === '') return '';
  switch (column.dataType) {
    case 'select':
    case 'status':
      return optionLabel(column, value);
    case 'multi-select':
      return Array.isArray(value) ? value.map((v) => optionLabel(column, v)).join(', ') : String(value);
    case 'person':
      return Array.isArray(value)
        ? value.map((p) => (isRecord(p) ? String(p.label ?? p.value ?? '') : String(p))).join(', ')
        : '';
    case 'files':
      return Array.isArray(value)
        ? value.map((f) => (isRecord(f) ? String(f.value ?? '') : String(f))).join(', ')
        : '';
    case 'relation':
      return Array.isArray(value) ? value.map((id) => related[String(id)] ?? String(id)).join(', ') : '';
    case 'checkbox':
      return value === 'true' || value === true ? CHECKBOX_YES[lang] : CHECKBOX_NO[lang];
    default:
      if (typeof value === 'number') return csvNumber(value, lang);
      if (Array.isArray(value)) return value.map(String).join(', ');
      return String(value);
  }
}
