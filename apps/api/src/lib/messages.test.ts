import { describe, expect, it } from 'vitest';
import { languageFromHeader, translateCount } from './messages';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'de'],
    ['', 'de'],
    ['en', 'en'],
    ['es-ES', 'es'],
    ['EN-us,de;q=0.5', 'en'],
    // A browser set to a language we do not ship, with ours further down its list.
    ['fr-FR,fr;q=0.9,en;q=0.8,de;q=0.7', 'en'],
    ['fr, es;q=0.4, de;q=0.3', 'es'],
    // The weights decide, not the order; q=0 is "not acceptable".
    ['en;q=0.2, es;q=0.9', 'es'],
    ['en;q=0, fr', 'de'],
    ['it, nl', 'de'],
    ['en;q=abc, es;q=0.1', 'es'],
  ])('%s → %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});

describe('translateCount', () => {
  it('says one thing in the singular and many in the plural, in the language’s number format', () => {
    expect(translateCount('paste_done', 1, 'en')).toBe('1 cell was pasted');
    expect(translateCount('paste_done', 2, 'en')).toBe('2 cells were pasted');
    expect(translateCount('import_done', 1, 'de')).toBe('1 Eintrag wurde importiert');
    expect(translateCount('import_done', 1200, 'de')).toBe('1.200 Einträge wurden importiert');
    expect(translateCount('template_imported', 1, 'es')).toBe('Se añadió 1 tarea al proyecto');
    expect(translateCount('template_imported', 0, 'es')).toBe('Se añadieron 0 tareas al proyecto');
  });
});
