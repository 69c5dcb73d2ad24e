/** A record's or a project's id as the API writes it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The search parameter of a link to one record of a board (`/tasks?record=<id>`, a notification's). */
export const RECORD_PARAM = 'record';

/** The record a board link opens: the `record` parameter when it is a record id, else null. */
export function linkedRecordOf(params: URLSearchParams): string | null {
  const value = params.get(RECORD_PARAM)?.trim() ?? '';
  return UUID.test(value) ? value.toLowerCase() : null;
}

/** The search parameters without the record link (the drawer closed); the others stay as they are. */
export function withoutRecordLink(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(RECORD_PARAM);
  return next;
}
