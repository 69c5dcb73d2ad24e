/**
 * Three-way merge of a record's notes by lines (diff3): two people who changed the same notes from
 * the same text keep both changes where they touched different lines. The record drawer offers it
 * while the user types, and the server applies it to a save made on notes a colleague has changed
 * since (docs/board.md, "Two people on one record").
 */

/** Lines of a text; an empty text has none (so adding to empty notes is an insertion, not an edit). */
const linesOf = (text: string) => (text === '' ? [] : text.split('\n'));

/**
 * The longest common subsequence of two line lists as pairs of indexes, in order. The common head
 * and tail are matched directly, so a small edit of long notes compares only the changed middle;
 * answers null when that middle is too large to compare in reasonable time.
 */
function matchLines(a: readonly string[], b: readonly string[]): Array<[number, number]> | null {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail += 1;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  if (n * m > MAX_COMPARED_CELLS) return null;
  // lengths[i][j]: the LCS length of a's middle from i and b's middle from j (a flat table).
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  // A typed array answers 0 past its end, never undefined.
  const at = (x: number, y: number) => lengths[x * width + y] ?? 0;
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[head + i] === b[head + j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let k = 0; k < head; k += 1) pairs.push([k, k]);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[head + i] === b[head + j]) {
      pairs.push([head + i, head + j]);
      i += 1;
      j += 1;
    } else if (at(i + 1, j) >= at(i, j + 1)) i += 1;
    else j += 1;
  }
  for (let k = 0; k < tail; k += 1) pairs.push([a.length - tail + k, b.length - tail + k]);
  return pairs;
}

/** About 4 million compared line pairs (16 MB of table): notes of 20,000 characters stay far below. */
const MAX_COMPARED_CELLS = 4_000_000;

const sameLines = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((line, k) => line === b[k]);

/**
 * Merges `mine` and `theirs`, both changed from `base`. Where only one side changed a run of lines,
 * that side's lines are taken; where both made the same change, it is taken once; where both only
 * added lines at the same place (nothing of the base removed), theirs come first, then mine (theirs
 * were saved first). Answers null when both changed the same lines differently: the user chooses.
 */
export function mergeText(base: string, mine: string, theirs: string): string | null {
  if (mine === theirs || theirs === base) return mine;
  if (mine === base) return theirs;
  const o = linesOf(base);
  const a = linesOf(mine);
  const b = linesOf(theirs);
  const withMine = matchLines(o, a);
  const withTheirs = matchLines(o, b);
  if (!withMine || !withTheirs) return null;
  // For each base line, where it stands in mine and in theirs (-1: removed or changed there).
  const inMine = new Int32Array(o.length).fill(-1);
  const inTheirs = new Int32Array(o.length).fill(-1);
  for (const [k, at] of withMine) inMine[k] = at;
  for (const [k, at] of withTheirs) inTheirs[k] = at;

  const merged: string[] = [];
  let io = 0;
  let ia = 0;
  let ib = 0;
  while (io <= o.length) {
    // The next base line both sides kept: everything before it is one changed chunk.
    let k = io;
    while (k < o.length && ((inMine[k] ?? -1) < 0 || (inTheirs[k] ?? -1) < 0)) k += 1;
    const endA = k < o.length ? (inMine[k] ?? a.length) : a.length;
    const endB = k < o.length ? (inTheirs[k] ?? b.length) : b.length;
    const chunkO = o.slice(io, k);
    const chunkA = a.slice(ia, endA);
    const chunkB = b.slice(ib, endB);
    if (sameLines(chunkA, chunkO)) merged.push(...chunkB);
    else if (sameLines(chunkB, chunkO) || sameLines(chunkA, chunkB)) merged.push(...chunkA);
    else if (chunkO.length === 0) merged.push(...chunkB, ...chunkA);
    else return null;
    const kept = o[k];
    if (kept === undefined) break;
    merged.push(kept);
    io = k + 1;
    ia = endA + 1;
    ib = endB + 1;
  }
  return merged.join('\n');
}
