import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text the browser loads (scripts, styles, pages, texts, images as SVG). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|wasm)$/;
/** Below this, compression saves less than its header costs. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of `dir`, for the API to send as they are (`@fastify/static`'s `preCompressed`)
 * instead of compressing the same bundle again for every visitor (decision 0016). Returns the files
 * compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  const work: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    work.push(
      (async () => {
        const bytes = await readFile(file);
        const [br, gz] = await Promise.all([
          promisify(brotliCompress)(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          promisify(gzip)(bytes, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        done.push(file);
      })(),
    );
  }
  await Promise.all(work);
  return done.sort();
}

/** The Vite plugin: compresses the build's output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'solar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      this.info?.(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
