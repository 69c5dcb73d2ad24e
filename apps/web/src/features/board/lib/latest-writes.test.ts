import { describe, expect, it } from 'vitest';
import { LatestWrites } from './latest-writes';

describe('LatestWrites', () => {
  it('a failure after a newer successful write changes nothing (the newer value stays)', () => {
    const writes = new LatestWrites<unknown>();
    const five = writes.begin('task:Aufwand', 5, null);
    const eight = writes.begin('task:Aufwand', 8, 5);
    expect(writes.saved('task:Aufwand', eight)).toEqual({ show: 'answer' });
    expect(writes.failed('task:Aufwand', five)).toEqual({ show: 'nothing' });
    expect(writes.pending('task:Aufwand')).toBe(false);
  });

  it('a failure while a newer write is in flight changes nothing, whichever way the newer one ends', () => {
    const writes = new LatestWrites<string>();
    const kanban = writes.begin('view:viewType', 'kanban', 'table');
    const gallery = writes.begin('view:viewType', 'gallery', 'kanban');
    expect(writes.failed('view:viewType', kanban)).toEqual({ show: 'nothing' });
    expect(writes.pending('view:viewType')).toBe(true);
    // The newer one fails too: back to what was there before either.
    expect(writes.failed('view:viewType', gallery)).toEqual({ show: 'value', value: 'table' });
  });

  it('a failed write alone puts back the value shown before it', () => {
    const writes = new LatestWrites<string>();
    const id = writes.begin('t:title', 'A long title', 'Old');
    expect(writes.failed('t:title', id)).toEqual({ show: 'value', value: 'Old' });
  });

  it('the newest write failing falls back to the newest earlier write that was saved', () => {
    const writes = new LatestWrites<number | null>();
    const five = writes.begin('k', 5, null);
    const eight = writes.begin('k', 8, 5);
    expect(writes.saved('k', five, 5)).toEqual({ show: 'nothing' });
    expect(writes.failed('k', eight)).toEqual({ show: 'value', value: 5 });
  });

  it('the newest write failing shows an earlier write still in flight, whose answer then counts', () => {
    const writes = new LatestWrites<number | null>();
    const five = writes.begin('k', 5, null);
    const eight = writes.begin('k', 8, 5);
    expect(writes.failed('k', eight)).toEqual({ show: 'value', value: 5 });
    expect(writes.saved('k', five)).toEqual({ show: 'answer' });
  });

  it('an older answer arriving after a newer one does not replace it', () => {
    const writes = new LatestWrites<number>();
    const one = writes.begin('k', 1, 0);
    const two = writes.begin('k', 2, 1);
    expect(writes.saved('k', two)).toEqual({ show: 'answer' });
    expect(writes.saved('k', one)).toEqual({ show: 'nothing' });
  });

  it('keeps values apart by key and starts afresh once nothing is in flight', () => {
    const writes = new LatestWrites<number>();
    const a = writes.begin('a', 1, 0);
    const b = writes.begin('b', 7, 6);
    expect(writes.failed('b', b)).toEqual({ show: 'value', value: 6 });
    expect(writes.saved('a', a)).toEqual({ show: 'answer' });
    const again = writes.begin('a', 3, 1);
    expect(writes.failed('a', again)).toEqual({ show: 'value', value: 1 });
    // Settling twice or an unknown write changes nothing.
    expect(writes.failed('a', again)).toEqual({ show: 'nothing' });
    expect(writes.saved('zzz', 99)).toEqual({ show: 'nothing' });
  });
});
