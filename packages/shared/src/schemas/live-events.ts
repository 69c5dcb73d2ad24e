import { z } from 'zod';

/**
 * The events of `GET /events` (docs/decisions/0032-live-events.md), each a server-sent event whose
 * `event` is the type and whose `data` is this JSON:
 * - `ready`: the stream is open; after a reconnection the browser asks again for what it shows,
 *   since changes made while it was away were not sent.
 * - `notifications`: the reader's notifications changed (new, read, taken back).
 * - `board`: someone changed the company's board; `by` is who, or null when the server cannot say
 *   (its own feed of changes was interrupted, so anything may have changed).
 * - `presence`: who of the company has a board or a record open changed (`GET /presence`).
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('notifications') }),
  z.object({ type: z.literal('board'), by: z.uuid().nullable() }),
  z.object({ type: z.literal('presence') }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** How often an open stream sends a comment line, so proxies and the browser keep it open. */
export const LIVE_EVENTS_HEARTBEAT_MS = 25_000;

/** How often an open board tells the server it is still open (`PUT /presence`). */
export const PRESENCE_HEARTBEAT_MS = 25_000;
/** A tab not heard of for this long is no longer counted as present. */
export const PRESENCE_TTL_MS = 60_000;

const PRESENCE_BOARDS = ['tasks', 'projects'] as const;

/** PUT /presence: this tab shows `board`, with `recordId` open in the drawer (or none). */
export const PresenceRequest = z.object({
  tabId: z.uuid(),
  board: z.enum(PRESENCE_BOARDS),
  recordId: z.uuid().nullable(),
});
export type PresenceRequest = z.infer<typeof PresenceRequest>;

/** GET /presence?board=: whose tabs show the board (the caller's own left out). */
export const PresenceQuery = z.object({ board: z.enum(PRESENCE_BOARDS) });

/** One colleague on the board: the record they have open, if any (one entry per person). */
export const PresenceEntry = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** The records they have open (in any of their tabs), newest first. */
  recordIds: z.array(z.uuid()),
});
export type PresenceEntry = z.infer<typeof PresenceEntry>;

export const PresenceAnswer = z.object({ data: z.object({ present: z.array(PresenceEntry) }) });
