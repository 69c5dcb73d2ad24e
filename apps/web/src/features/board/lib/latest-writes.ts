type WriteState = 'pending' | 'saved' | 'failed';

interface Write<V> {
  id: number;
  value: V;
  state: WriteState;
}

interface Slot<V> {
  /** What was shown before the first write still in flight. */
  base: V;
  writes: Write<V>[];
}

/**
 * What the screen should show once a write settled:
 * - `answer`: it is the newest write still standing: show the server's answer;
 * - `value`: it failed and was the one shown: show `value` (the newest earlier write still standing,
 *   or what was there before);
 * - `nothing`: a newer write is shown (or already saved): leave the screen as it is.
 */
export type WriteOutcome<V> = { show: 'answer' } | { show: 'value'; value: V } | { show: 'nothing' };

const NOTHING = { show: 'nothing' } as const;

/**
 * The order of optimistic writes to one value (a cell, a view setting): the latest write wins. A
 * failure undoes only its own change, and only when nothing newer was written to the same value
 * since; then the value goes back to the newest earlier write still standing (saved or in flight), or
 * to what was shown before the first of them. A slow answer to an older write never replaces a newer
 * value on the screen.
 */
export class LatestWrites<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private seq = 0;

  /** A write of `value` to `key` starts; `shown` is what the screen showed before it. */
  begin(key: string, value: V, shown: V): number {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { base: shown, writes: [] };
      this.slots.set(key, slot);
    }
    this.seq += 1;
    slot.writes.push({ id: this.seq, value, state: 'pending' });
    return this.seq;
  }

  /** The write `id` was saved (with the value the server kept, when given). */
  saved(key: string, id: number, value?: V): WriteOutcome<V> {
    return this.settle(key, id, 'saved', value);
  }

  /** The write `id` failed. */
  failed(key: string, id: number): WriteOutcome<V> {
    return this.settle(key, id, 'failed');
  }

  /** Whether a write to `key` is still in flight. */
  pending(key: string): boolean {
    return this.slots.get(key)?.writes.some((w) => w.state === 'pending') ?? false;
  }

  private settle(key: string, id: number, state: WriteState, value?: V): WriteOutcome<V> {
    const slot = this.slots.get(key);
    const write = slot?.writes.find((w) => w.id === id);
    if (!slot || !write || write.state !== 'pending') return NOTHING;
    const shownBefore = standing(slot.writes);
    write.state = state;
    if (state === 'saved' && value !== undefined) write.value = value;
    const shownAfter = standing(slot.writes);
    // Once nothing is in flight the screen holds the truth: the next write starts from it.
    if (!slot.writes.some((w) => w.state === 'pending')) this.slots.delete(key);
    if (state === 'saved') return shownAfter === write ? { show: 'answer' } : NOTHING;
    if (shownBefore !== write) return NOTHING;
    return { show: 'value', value: shownAfter ? shownAfter.value : slot.base };
  }
}

/** The newest write that has not failed (the one the screen shows). */
function standing<V>(writes: Write<V>[]): Write<V> | undefined {
  for (let i = writes.length - 1; i >= 0; i -= 1) {
    const write = writes[i];
    if (write && write.state !== 'failed') return write;
  }
  return undefined;
}
