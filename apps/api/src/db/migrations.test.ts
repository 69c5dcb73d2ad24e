import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

describe('the migrations journal', () => {
  it('dates each migration after every one before it, as drizzle’s migrator needs', () => {
    // The migrator applies only the migrations dated after the latest one a database has applied,
    // so one dated earlier is skipped on every database migrated before it was added.
    let latest = 0;
    const dated = journal.entries.map((entry) => {
      const late = entry.when <= latest;
      latest = Math.max(latest, entry.when);
      return late ? entry.tag : null;
    });
    // 0016 was committed dated before 0015 (docs/operations.md, "Upgrading an installation"); every
    // migration since is dated after both.
    expect(dated.filter(Boolean)).toEqual(['0016_quote_area_filters']);
  });

  it('has a file for every entry, in order', () => {
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const entry of journal.entries) {
      expect(readFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8').length).toBeGreaterThan(0);
    }
  });
});
