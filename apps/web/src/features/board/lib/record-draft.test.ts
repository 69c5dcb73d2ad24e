import { describe, expect, it } from 'vitest';
import {
  draftConflicts,
  dropEdit,
  type EditBases,
  hasConflicts,
  isDraftChanged,
  type LiveRecord,
  mergedNotes,
  NO_EDITS,
  type RecordEdits,
  shownText,
  takeMergedNotes,
  touchBase,
} from './record-draft';

const record = (name: string, notes: string, values: Record<string, unknown>): LiveRecord => ({
  name,
  notes,
  value: (key) => values[key],
});

const opened = record('Dach prüfen', '', { Status: 'Nicht begonnen', Priorität: undefined });

describe('isDraftChanged', () => {
  it('is false for the form as it opened, or with values set back to the same', () => {
    expect(isDraftChanged(opened, NO_EDITS)).toBe(false);
    expect(
      isDraftChanged(opened, {
        name: 'Dach prüfen',
        notes: '',
        values: { Status: 'Nicht begonnen', Priorität: null },
      }),
    ).toBe(false);
  });

  it('is true once the name, the notes or a value differ from the record', () => {
    expect(isDraftChanged(opened, { ...NO_EDITS, name: 'Dach prüfen!' })).toBe(true);
    expect(isDraftChanged(opened, { ...NO_EDITS, notes: 'Leiter' })).toBe(true);
    expect(isDraftChanged(opened, { ...NO_EDITS, values: { Priorität: 'Hoch' } })).toBe(true);
  });

  it('is false when a colleague saved the very change meanwhile', () => {
    const edits: RecordEdits = { ...NO_EDITS, values: { Status: 'Erledigt' } };
    expect(isDraftChanged(record('Dach prüfen', '', { Status: 'Erledigt' }), edits)).toBe(false);
  });
});

describe('a colleague changes the open record', () => {
  it('shows their name and notes where the user typed nothing, the user’s where they did', () => {
    const renamed = record('Dach prüfen (Nord)', 'Gerüst steht', {});
    expect(shownText(renamed, NO_EDITS)).toEqual({ name: 'Dach prüfen (Nord)', notes: 'Gerüst steht' });
    expect(shownText(renamed, { ...NO_EDITS, notes: 'Meine Notiz' })).toEqual({
      name: 'Dach prüfen (Nord)',
      notes: 'Meine Notiz',
    });
  });

  it('is a conflict only for a field the user edits that changed since their first keystroke', () => {
    let bases: EditBases = { values: {} };
    bases = touchBase(bases, opened, { name: true });
    bases = touchBase(bases, opened, { value: 'Status' });
    bases = touchBase(bases, opened, { value: 'Priorität' });
    const edits: RecordEdits = {
      name: 'Dach prüfen Müller',
      notes: null,
      values: { Status: 'In Arbeit', Priorität: 'Hoch' },
    };
    expect(hasConflicts(draftConflicts(opened, edits, bases))).toBe(false);

    // The colleague renamed the record, set the status and wrote notes (which the user left alone).
    const now = record('Dach prüfen (Nord)', 'Gerüst steht', { Status: 'Erledigt', Priorität: undefined });
    expect(draftConflicts(now, edits, bases)).toEqual({ name: true, notes: false, values: ['Status'] });
  });

  it('keeps the value of the first keystroke as the base', () => {
    const first = touchBase({ values: {} }, opened, { value: 'Status' });
    const again = touchBase(first, record('x', '', { Status: 'Erledigt' }), { value: 'Status' });
    expect(again).toBe(first);
    expect(
      touchBase(touchBase({ values: {} }, opened, { notes: true }), record('x', 'neu', {}), { notes: true })
        .notes,
    ).toBe('');
  });

  it('is no conflict when the colleague set the very value the user typed', () => {
    const bases = touchBase({ values: {} }, opened, { value: 'Status' });
    const edits: RecordEdits = { ...NO_EDITS, values: { Status: 'Erledigt' } };
    expect(draftConflicts(record('Dach prüfen', '', { Status: 'Erledigt' }), edits, bases).values).toEqual(
      [],
    );
  });

  it('taking the other value drops the edit and its base, so the field follows the record again', () => {
    const bases: EditBases = { name: 'Dach prüfen', values: { Status: 'Nicht begonnen' } };
    const edits: RecordEdits = {
      name: 'Mein Name',
      notes: null,
      values: { Status: 'In Arbeit', Done: true },
    };
    const status = dropEdit(edits, bases, { value: 'Status' });
    expect(status.edits.values).toEqual({ Done: true });
    expect(status.bases.values).toEqual({});
    const name = dropEdit(edits, bases, { name: true });
    expect(name.edits.name).toBeNull();
    expect(name.bases.name).toBeUndefined();
    const now = record('Dach prüfen (Nord)', '', { Status: 'Erledigt' });
    expect(draftConflicts(now, name.edits, name.bases).name).toBe(false);
  });
});

describe('notes two people changed from the same text', () => {
  const base = 'Dach: Süd\nKunde: Montag anrufen\nGerüst: offen';
  const start = record('Dach prüfen', base, {});
  const bases = touchBase({ values: {} }, start, { notes: true });

  it('are merged, not a conflict, where the two changed different lines', () => {
    const edits: RecordEdits = { ...NO_EDITS, notes: 'Dach: Süd\nKunde: Montag anrufen\nGerüst: bestellt' };
    const now = record('Dach prüfen', 'Dach: Süd-West\nKunde: Montag anrufen\nGerüst: offen', {});
    expect(draftConflicts(now, edits, bases).notes).toBe(false);
    expect(mergedNotes(now, edits, bases)).toBe('Dach: Süd-West\nKunde: Montag anrufen\nGerüst: bestellt');
    // Taking the merge puts it into the form, based on the stored notes: nothing is left to merge.
    const taken = takeMergedNotes(now, edits, bases);
    expect(taken.edits.notes).toBe('Dach: Süd-West\nKunde: Montag anrufen\nGerüst: bestellt');
    expect(taken.bases.notes).toBe(now.notes);
    expect(mergedNotes(now, taken.edits, taken.bases)).toBeNull();
    expect(draftConflicts(now, taken.edits, taken.bases).notes).toBe(false);
  });

  it('are a conflict where the two changed the same line', () => {
    const edits: RecordEdits = { ...NO_EDITS, notes: 'Dach: Süd\nKunde: Dienstag anrufen\nGerüst: offen' };
    const now = record('Dach prüfen', 'Dach: Süd\nKunde: hat zugesagt\nGerüst: offen', {});
    expect(mergedNotes(now, edits, bases)).toBeNull();
    expect(draftConflicts(now, edits, bases).notes).toBe(true);
    expect(takeMergedNotes(now, edits, bases)).toEqual({ edits, bases });
  });

  it('have nothing to merge while nobody else changed them, or when the user did not', () => {
    const edits: RecordEdits = { ...NO_EDITS, notes: `${base}\nNeu` };
    expect(mergedNotes(start, edits, bases)).toBeNull();
    expect(mergedNotes(record('x', 'anders', {}), NO_EDITS, { values: {} })).toBeNull();
  });
});
