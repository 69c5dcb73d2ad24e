import { describe, expect, it } from 'vitest';
import { insertMention, matchPeople, mentionQuery } from './mentions';

const team = [
  { id: '1', name: 'Ingo Installateur' },
  { id: '2', name: 'Sabine Vertrieb' },
  { id: '3', name: 'Stefan Sonnenbau' },
];

describe('mentionQuery', () => {
  it('finds the name typed after an @ that begins the text or follows white space', () => {
    expect(mentionQuery('@In', 3)).toEqual({ start: 0, query: 'In' });
    expect(mentionQuery('Bitte @Ingo In', 14)).toEqual({ start: 6, query: 'Ingo In' });
    expect(mentionQuery('Zeile\n@', 7)).toEqual({ start: 6, query: '' });
    // Only up to the caret.
    expect(mentionQuery('Bitte @Ingo danke', 9)).toEqual({ start: 6, query: 'In' });
  });

  it('is no mention in an e-mail address, after a line break, past 40 characters or after a space', () => {
    expect(mentionQuery('ingo@firma.de', 13)).toBeNull();
    expect(mentionQuery('@Ingo\nweiter', 12)).toBeNull();
    expect(mentionQuery(`@${'x'.repeat(41)}`, 42)).toBeNull();
    expect(mentionQuery('@ Ingo', 6)).toBeNull();
    expect(mentionQuery('kein Zeichen', 5)).toBeNull();
  });
});

describe('matchPeople', () => {
  it('matches the name or any of its words from their beginning, in any case', () => {
    expect(matchPeople(team, 's').map((p) => p.id)).toEqual(['2', '3']);
    expect(matchPeople(team, 'inst').map((p) => p.id)).toEqual(['1']);
    expect(matchPeople(team, 'ingo i').map((p) => p.id)).toEqual(['1']);
    expect(matchPeople(team, 'tall')).toEqual([]);
    expect(matchPeople(team, '', 2)).toHaveLength(2);
  });
});

describe('insertMention', () => {
  it('puts the whole name in place of what was typed, with one space after it', () => {
    const text = 'Bitte @In prüfen';
    const at = mentionQuery(text, 9);
    expect(at).not.toBeNull();
    expect(insertMention(text, at as NonNullable<typeof at>, 9, 'Ingo Installateur')).toEqual({
      text: 'Bitte @Ingo Installateur prüfen',
      caret: 25,
    });
    expect(insertMention('@', { start: 0, query: '' }, 1, 'Sabine Vertrieb')).toEqual({
      text: '@Sabine Vertrieb ',
      caret: 17,
    });
  });
});
