import { isApiError } from '../../../api/errors';

/**
 * The record drawer's fields are named as the server names them in its field errors: `taskName`,
 * `notes` and `properties.<key>` (apps/api board.records.ts, zod paths joined by dots).
 */
export const NAME_FIELD = 'taskName';
export const NOTES_FIELD = 'notes';

/** The field name of a property. */
export const propertyField = (key: string) => `properties.${key}`;

/** The drawer's fields in the order they show: the name, the properties, the notes. */
export function drawerFields(propertyKeys: readonly string[]): string[] {
  return [NAME_FIELD, ...propertyKeys.map(propertyField), NOTES_FIELD];
}

/** The field messages of a 400 refusal (`errors` of the envelope), or null for any other failure. */
export function fieldRefusal(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 400) return null;
  return Object.keys(error.errors).length > 0 ? error.errors : null;
}

/**
 * A refusal's field messages split into those of fields the drawer shows (`marked`, by field) and the
 * messages of the others (`rest`: a property not in the form, a field without a key), told otherwise.
 */
export function splitFieldErrors(
  errors: Record<string, string>,
  fields: readonly string[],
): { marked: Record<string, string>; rest: string[] } {
  const marked: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (fields.includes(field)) marked[field] = message;
    else if (!rest.includes(message)) rest.push(message);
  }
  return { marked, rest };
}

/** The first of `fields` (in the drawer's order) that `isMarked`, or null. */
export function firstMarked(fields: readonly string[], isMarked: (field: string) => boolean): string | null {
  return fields.find(isMarked) ?? null;
}

/** The property messages of `marked` by property key (what the property fields show). */
export function propertyMessages(marked: Record<string, string>): Record<string, string> {
  const prefix = propertyField('');
  return Object.fromEntries(
    Object.entries(marked)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, message]) => [field.slice(prefix.length), message]),
  );
}

/** `marked` without `field` (the user changed it: the message was about the value before). */
export function withoutField(marked: Record<string, string>, field: string): Record<string, string> {
  if (!(field in marked)) return marked;
  const { [field]: _dropped, ...rest } = marked;
  return rest;
}
