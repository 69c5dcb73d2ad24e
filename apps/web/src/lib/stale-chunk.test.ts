import { describe, expect, it } from 'vitest';
import { isStaleChunkError, reloadOnceFor, STALE_CHUNK_RELOAD_MS } from './stale-chunk';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('stale code chunks after a deploy', () => {
  it("knows each browser's wording of a chunk that could not be loaded, and nothing else", () => {
    expect(
      isStaleChunkError(
        new TypeError('Failed to fetch dynamically imported module: https://portal/assets/map-1a2b.js'),
      ),
    ).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Unable to preload CSS for /assets/board-9f.css'))).toBe(true);
    expect(isStaleChunkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isStaleChunkError(null)).toBe(false);
  });

  it('reloads once for it, not again within a minute, and never for another error', () => {
    const storage = memoryStorage();
    const stale = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    expect(reloadOnceFor(new Error('render failed'), storage, 1_000)).toBe(false);
    expect(reloadOnceFor(stale, storage, 1_000)).toBe(true);
    // Still missing after the reload: the error page shows, with its retry.
    expect(reloadOnceFor(stale, storage, 1_000 + STALE_CHUNK_RELOAD_MS - 1)).toBe(false);
    // A later deploy, much later: once more.
    expect(reloadOnceFor(stale, storage, 1_000 + STALE_CHUNK_RELOAD_MS)).toBe(true);
  });
});
