// Run after every `npm install` / `npm ci` (apps/api's postinstall), with plain Node.
//
// PGlite's protocol reader copies every text field of every row into a new ArrayBuffer before it
// decodes it (`string(n)` calls `bytes(n)`, which slices the buffer). On the embedded database that
// copy was 8 % of the API's CPU for a quote search. This rewrites `string(n)` in PGlite's built
// files to decode from a view of the same bytes, as protobuf.js and node-postgres's own reader do;
// `bytes(n)` is left as it is. Decision 0021 says why it is patched here and how it is checked.
//
// The rewrite is found by the shape of the two methods, not by their minified names, and applies
// only where both are exactly as expected: a PGlite whose reader looks different is left alone
// (correct, just slower) and the test `src/db/pglite-reader.test.ts` then fails, so an upgrade is
// looked at rather than silently slower.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A name the minifier never gives: marks a build already rewritten. */
export const PATCH_MARK = '__pgliteView';

const id = '[\\w$]+';
// bytes(t){let n=GET(this,VIEW).buffer.slice(GET(this,AT),GET(this,AT)+t);return SET(this,AT,GET(this,AT)+t),new Uint8Array(n)}
const BYTES = new RegExp(
  `bytes\\((${id})\\)\\{let (${id})=(${id})\\(this,(${id})\\)\\.buffer\\.slice\\(\\3\\(this,(${id})\\),\\3\\(this,\\5\\)\\+\\1\\);` +
    `return (${id})\\(this,\\5,\\3\\(this,\\5\\)\\+\\1\\),new Uint8Array\\(\\2\\)\\}`,
);
const literal = (s) => s.replace(/\$/g, '\\$');

/**
 * The source with the reader's `string(n)` decoding in place, or `null` when the source holds no
 * reader of the expected shape. `patched` says whether it was already rewritten.
 */
export function patchReader(source) {
  if (source.includes(PATCH_MARK)) return { source, patched: true };
  const bytes = BYTES.exec(source);
  if (!bytes) return null;
  const [, , , get, view, at, set] = bytes;
  // string(t){return GET(this,DECODER).decode(this.bytes(t))}
  const string = new RegExp(
    `string\\((${id})\\)\\{return ${literal(get)}\\(this,(${id})\\)\\.decode\\(this\\.bytes\\(\\1\\)\\)\\}`,
  );
  const found = string.exec(source);
  if (!found) return null;
  const [whole, n, decoder] = found;
  const v = PATCH_MARK;
  const replacement =
    `string(${n}){let ${v}=${get}(this,${view}),${v}At=${get}(this,${at});` +
    `return ${set}(this,${at},${v}At+${n}),${get}(this,${decoder}).decode(new Uint8Array(${v}.buffer,${v}.byteOffset+${v}At,${n}))}`;
  return { source: source.replace(whole, () => replacement), patched: false };
}

export function pgliteDist() {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('@electric-sql/pglite'));
}

/**
 * Rewrites in place each of PGlite's built files that holds its protocol reader (source maps are
 * left alone); returns what it found in each. With `write: false` it only looks.
 */
export function patchPglite(distDir = pgliteDist(), { write = true } = {}) {
  const results = [];
  for (const name of readdirSync(distDir, { recursive: true }).map(String)) {
    if (!/\.(c|m)?js$/.test(name)) continue;
    const file = join(distDir, name);
    const source = readFileSync(file, 'utf8');
    if (!source.includes('.decode(this.bytes(') && !source.includes(PATCH_MARK)) continue;
    const result = patchReader(source);
    if (write && result && !result.patched) writeFileSync(file, result.source);
    results.push({ file, state: !result ? 'unknown shape' : result.patched ? 'already' : 'patched' });
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let dist;
  try {
    dist = pgliteDist();
  } catch {
    // Installed without the API's dependencies: nothing to patch.
    process.exit(0);
  }
  const results = patchPglite(dist);
  const odd = results.filter((r) => r.state === 'unknown shape');
  const where = dirname(dirname(dist));
  if (odd.length || !results.length) {
    console.warn(
      `patch-pglite: PGlite's protocol reader has an unexpected shape in ${odd.map((r) => relative(where, r.file)).join(', ') || 'no file'}; ` +
        'text fields are copied before decoding (correct, slower). See docs/decisions/0021.',
    );
  } else {
    console.log(`patch-pglite: text fields decoded in place in ${results.length} PGlite builds`);
  }
}
