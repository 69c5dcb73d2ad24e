/**
 * Mentions in a record's notes (docs/notifications.md): `@First Last` of a member of the company.
 * The server finds them by name; the notes field offers the names while the user types after `@`.
 */

/** How far after `@` the typed text still counts as a name being looked for. */
const MAX_QUERY = 40;

export interface MentionQuery {
  /** Where the `@` stands. */
  start: number;
  /** What is typed after it, up to the caret. */
  query: string;
}

/**
 * The name being typed at the caret: the last `@` before it that begins the text or follows white
 * space, on the same line, with at most `MAX_QUERY` characters after it; null when there is none.
 */
export function mentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before.charAt(at - 1))) return null;
  const query = before.slice(at + 1);
  if (query.length > MAX_QUERY || query.includes('\n') || /^\s/.test(query)) return null;
  return { start: at, query };
}

export interface Person {
  id: string;
  name: string;
}

/** The people whose name, or a word of it, begins with the query (any case); all for an empty one. */
export function matchPeople(people: readonly Person[], query: string, limit = 6): Person[] {
  const q = query.toLocaleLowerCase();
  const fits = (p: Person) => {
    const name = p.name.toLocaleLowerCase();
    return name.startsWith(q) || name.split(/\s+/).some((word) => word.startsWith(q));
  };
  return people.filter((p) => p.name && fits(p)).slice(0, limit);
}

/** The text with the typed `@query` replaced by `@Name ` and where the caret goes after it. */
export function insertMention(text: string, at: MentionQuery, caret: number, name: string) {
  const inserted = `@${name} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, at.start)}${inserted}${after}`, caret: at.start + inserted.length };
}
