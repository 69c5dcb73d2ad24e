import { mergeText } from '@solar/shared';
import { sameValue } from './values';

/**
 * What the user changed in the record drawer's form: only the fields they touched. A field left
 * alone (null name or notes, a property not in `values`) shows the record as it is now, so a
 * colleague's change of it appears in the open form and is never written back over.
 */
export interface RecordEdits {
  name: string | null;
  notes: string | null;
  /** Values the user set, by property key. */
  values: Record<string, unknown>;
}

/** The record as stored now (the board's cache, refreshed by the live events and by a refused save). */
export interface LiveRecord {
  name: string;
  notes: string;
  value: (key: string) => unknown;
}

/** The value each touched field had when the user began to change it. */
export interface EditBases {
  name?: string;
  notes?: string;
  values: Record<string, unknown>;
}

/** The touched fields whose stored value someone else changed since the user began to edit them. */
export interface DraftConflicts {
  name: boolean;
  notes: boolean;
  values: string[];
}

export const NO_EDITS: RecordEdits = { name: null, notes: null, values: {} };

/** The form's name and notes: the user's where they typed, the record's otherwise. */
export function shownText(live: LiveRecord, edits: RecordEdits) {
  return { name: edits.name ?? live.name, notes: edits.notes ?? live.notes };
}

/**
 * Whether the form holds changes that closing it would lose: a name, notes or a value other than the
 * record's now. A change typed back (or one a colleague made the same meanwhile) is none.
 */
export function isDraftChanged(live: LiveRecord, edits: RecordEdits): boolean {
  if (edits.name !== null && edits.name !== live.name) return true;
  if (edits.notes !== null && edits.notes !== live.notes) return true;
  return Object.entries(edits.values).some(([key, value]) => !sameValue(live.value(key), value));
}

/** Whether someone else saved other notes since the user began to change them. */
const notesChangedMeanwhile = (live: LiveRecord, edits: RecordEdits, bases: EditBases) =>
  edits.notes !== null &&
  bases.notes !== undefined &&
  bases.notes !== live.notes &&
  edits.notes !== live.notes;

/**
 * The user's notes with a colleague's change of other lines merged in (mergeText), when someone else
 * saved other notes since the user began to change them and the two changed different lines; null
 * otherwise (nothing to merge, or the same lines changed: a conflict). Saving sends it.
 */
export function mergedNotes(live: LiveRecord, edits: RecordEdits, bases: EditBases): string | null {
  if (!notesChangedMeanwhile(live, edits, bases)) return null;
  return mergeText(bases.notes ?? '', edits.notes ?? '', live.notes);
}

/** The edits and bases with the merged notes in the form, now based on the notes stored. */
export function takeMergedNotes(
  live: LiveRecord,
  edits: RecordEdits,
  bases: EditBases,
): { edits: RecordEdits; bases: EditBases } {
  const merged = mergedNotes(live, edits, bases);
  if (merged === null) return { edits, bases };
  return { edits: { ...edits, notes: merged }, bases: { ...bases, notes: live.notes } };
}

/**
 * The fields the user is editing that someone else changed meanwhile: the record's value now differs
 * from the one the user's edit began on. Saving keeps the user's value there (they were shown the
 * other); taking the other drops the edit. Where the other set the very value the user typed there is
 * nothing to choose, nor in notes where the two changed different lines (they are merged).
 */
export function draftConflicts(live: LiveRecord, edits: RecordEdits, bases: EditBases): DraftConflicts {
  return {
    name:
      edits.name !== null && bases.name !== undefined && bases.name !== live.name && edits.name !== live.name,
    notes: notesChangedMeanwhile(live, edits, bases) && mergedNotes(live, edits, bases) === null,
    values: Object.entries(edits.values)
      .filter(
        ([key, value]) =>
          key in bases.values &&
          !sameValue(bases.values[key], live.value(key)) &&
          !sameValue(value, live.value(key)),
      )
      .map(([key]) => key),
  };
}

export const hasConflicts = (c: DraftConflicts) => c.name || c.notes || c.values.length > 0;

/** The bases with a field's first touch recorded (a later keystroke keeps the first). */
export function touchBase(
  bases: EditBases,
  live: LiveRecord,
  field: { name: true } | { notes: true } | { value: string },
): EditBases {
  if ('name' in field) return bases.name !== undefined ? bases : { ...bases, name: live.name };
  if ('notes' in field) return bases.notes !== undefined ? bases : { ...bases, notes: live.notes };
  if (field.value in bases.values) return bases;
  return { ...bases, values: { ...bases.values, [field.value]: live.value(field.value) } };
}

/** The edits and bases without one field: the user took the other's value. */
export function dropEdit(
  edits: RecordEdits,
  bases: EditBases,
  field: { name: true } | { notes: true } | { value: string },
): { edits: RecordEdits; bases: EditBases } {
  if ('name' in field) return { edits: { ...edits, name: null }, bases: { ...bases, name: undefined } };
  if ('notes' in field) return { edits: { ...edits, notes: null }, bases: { ...bases, notes: undefined } };
  const { [field.value]: _edit, ...values } = edits.values;
  const { [field.value]: _base, ...baseValues } = bases.values;
  return { edits: { ...edits, values }, bases: { ...bases, values: baseValues } };
}
