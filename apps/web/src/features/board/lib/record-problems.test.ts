import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import {
  drawerFields,
  fieldRefusal,
  firstMarked,
  propertyField,
  propertyMessages,
  splitFieldErrors,
  withoutField,
} from './record-problems';

const refusal = (status: number, errors: Record<string, string>) =>
  new ApiError({ status, message: 'Bitte überprüfen Sie Ihre Eingaben', errors });

describe('drawerFields', () => {
  it('names the fields as the server does, in the order the drawer shows them', () => {
    expect(drawerFields(['Aufwand (h)', 'notes'])).toEqual([
      'taskName',
      'properties.Aufwand (h)',
      'properties.notes',
      'notes',
    ]);
  });
});

describe('fieldRefusal', () => {
  it('gives every field message of a 400', () => {
    const errors = {
      'properties.Kontakt': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      'properties.Telefon': 'Bitte geben Sie eine gültige Telefonnummer ein',
    };
    expect(fieldRefusal(refusal(400, errors))).toEqual(errors);
  });

  it('is null for a 400 without fields, a conflict, another status or something else', () => {
    expect(fieldRefusal(refusal(400, {}))).toBeNull();
    expect(fieldRefusal(refusal(409, { taskName: 'Inzwischen von jemand anderem geändert' }))).toBeNull();
    expect(fieldRefusal(refusal(500, { notes: 'x' }))).toBeNull();
    expect(fieldRefusal(new Error('boom'))).toBeNull();
    expect(fieldRefusal(null)).toBeNull();
  });
});

describe('splitFieldErrors', () => {
  const fields = drawerFields(['Kontakt', 'Telefon', 'Fällig am']);

  it('marks each field the drawer shows, all at once', () => {
    expect(
      splitFieldErrors(
        {
          'properties.Kontakt': 'E-Mail?',
          'properties.Telefon': 'Telefon?',
          notes: 'Zu lang',
          taskName: 'Name?',
        },
        fields,
      ),
    ).toEqual({
      marked: {
        'properties.Kontakt': 'E-Mail?',
        'properties.Telefon': 'Telefon?',
        notes: 'Zu lang',
        taskName: 'Name?',
      },
      rest: [],
    });
  });

  it('keeps the messages of fields it does not show, once each, for a toast', () => {
    expect(
      splitFieldErrors(
        {
          'properties.Kontakt': 'E-Mail?',
          'properties.Gelöscht': 'Unbekannte Eigenschaft',
          'properties.Weg': 'Unbekannte Eigenschaft',
          properties: 'Zu viele',
          // A property named like a field of the record is still the property.
          'properties.notes': 'Unbekannte Eigenschaft',
        },
        fields,
      ),
    ).toEqual({
      marked: { 'properties.Kontakt': 'E-Mail?' },
      rest: ['Unbekannte Eigenschaft', 'Zu viele'],
    });
  });
});

describe('firstMarked', () => {
  const fields = drawerFields(['Aufwand (h)', 'Fällig am', 'Kontakt']);

  it('is the first marked field in the drawer order, whatever order the marks came in', () => {
    const marks = new Set([propertyField('Kontakt'), propertyField('Fällig am')]);
    expect(firstMarked(fields, (f) => marks.has(f))).toBe('properties.Fällig am');
    expect(firstMarked(fields, (f) => f === 'notes' || f === 'taskName')).toBe('taskName');
  });

  it('is null when nothing is marked', () => {
    expect(firstMarked(fields, () => false)).toBeNull();
  });
});

describe('propertyMessages and withoutField', () => {
  const marked = { taskName: 'Name?', 'properties.Kontakt': 'E-Mail?', 'properties.a.b': 'Punkt' };

  it('gives the property messages by property key (a key may hold dots)', () => {
    expect(propertyMessages(marked)).toEqual({ Kontakt: 'E-Mail?', 'a.b': 'Punkt' });
  });

  it('drops one field, and keeps the same object when it is not marked', () => {
    expect(withoutField(marked, 'properties.Kontakt')).toEqual({
      taskName: 'Name?',
      'properties.a.b': 'Punkt',
    });
    expect(withoutField(marked, 'notes')).toBe(marked);
  });
});
