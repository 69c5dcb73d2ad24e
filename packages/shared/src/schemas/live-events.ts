import { z } from 'zod';

/**
 * The events of `GET /events` (docs/decisions/0032-live-events.md), each a server-sent event whose
 * `event` is the type and whose `data` is this JSON:
 * - `ready`: the stream is open; after a reconnection the browser asks again for what it shows,
 *   since changes made while it was away were not sent.
 * - `notifications`: the reader's notifications changed (new, read, taken back).
 * - `board`: someone changed the company's board; `by` is who, or null when the server cannot say
 *   (its own feed of changes was interrupted, so anything may have changed).
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('notifications') }),
  z.object({ type: z.literal('board'), by: z.uuid().nullable() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** How often an open stream sends a comment line, so proxies and the browser keep it open. */
export const LIVE_EVENTS_HEARTBEAT_MS = 25_000;
