import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No user-visible text hard-coded in the screens (issue 9): a scan of every component for words
 * between JSX tags and in text attributes (label, placeholder, title, aria-label, alt). Text comes
 * from the translation resources; proper names that need no translation are allowed below.
 */
// Units and file formats read the same in every language.
const ALLOWED = new Set(['OpenStreetMap', 'Leaflet', 'Solar Partner Portal', 'kWh', 'OBJ', 'PV Sol']);
const src = resolve(import.meta.dirname, '..');

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return components(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

function hardCoded(source: string): string[] {
  const found: string[] = [];
  // Text between a tag's end and the next tag: words, without code characters.
  for (const m of source.matchAll(/(?:[\w"'}]|\/)>([^<>{}]*)</g)) {
    const text = (m[1] ?? '').trim();
    if (!/\p{L}{2,}/u.test(text) || /[;()=&|?:]/.test(text) || ALLOWED.has(text)) continue;
    found.push(text);
  }
  for (const m of source.matchAll(/\s(?:label|placeholder|title|aria-label|alt)="([^"]*)"/g)) {
    const text = (m[1] ?? '').trim();
    if (/\p{L}{2,}/u.test(text) && !ALLOWED.has(text)) found.push(text);
  }
  return found;
}

describe('user-visible text', () => {
  it('is never hard-coded in a component', () => {
    const offences = components(src).flatMap((file) =>
      hardCoded(readFileSync(file, 'utf8')).map((text) => `${relative(src, file)}: ${text}`),
    );
    expect(offences).toEqual([]);
  });

  it('the scan finds hard-coded text (self-check)', () => {
    expect(hardCoded('<Button>Save now</Button>')).toEqual(['Save now']);
    expect(hardCoded('<TextInput placeholder="Your name" />')).toEqual(['Your name']);
    expect(hardCoded("<Button>{t('save')}</Button>")).toEqual([]);
    expect(hardCoded('const x = a > b && c < d;')).toEqual([]);
  });
});
