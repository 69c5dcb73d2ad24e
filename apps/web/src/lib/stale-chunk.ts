/**
 * After a deploy, a tab opened before it asks for code chunks the server no longer has (their names
 * carry the old build's hashes). Browsers word that failure differently; these are the texts of
 * Chromium, Firefox and Safari, and Vite's own for a failed preload.
 */
const STALE_CHUNK = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** Whether an error is a code chunk that could not be loaded (see above). */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return STALE_CHUNK.some((pattern) => pattern.test(message));
}

const KEY = 'stale_chunk_reload_at';
/** One automatic reload per this long: a chunk still missing after it is a real failure to show. */
export const STALE_CHUNK_RELOAD_MS = 60_000;

/**
 * Whether to reload the page for this error: once for a stale chunk (the reload fetches the new
 * build), not again within {@link STALE_CHUNK_RELOAD_MS}, so a chunk that stays missing shows the
 * error page with its retry instead of reloading for ever. Records the reload in `storage`.
 */
export function reloadOnceFor(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now = Date.now(),
): boolean {
  if (!isStaleChunkError(error)) return false;
  const last = storage.getItem(KEY);
  if (last !== null && now - Number(last) < STALE_CHUNK_RELOAD_MS) return false;
  storage.setItem(KEY, String(now));
  return true;
}
