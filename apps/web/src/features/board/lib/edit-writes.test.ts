import { describe, expect, it } from 'vitest';
import { createEditWrites } from './edit-writes';

describe('createEditWrites', () => {
  it('gives nothing to undo when the only write failed', async () => {
    const writes = createEditWrites();
    writes.track('A long title', Promise.resolve(false));
    expect(await writes.settled()).toBeNull();
  });

  it('gives nothing when nothing was written', async () => {
    expect(await createEditWrites().settled()).toBeNull();
  });

  it('gives the newest saved value, whatever order the answers come in', async () => {
    const writes = createEditWrites();
    let first: (ok: boolean) => void = () => undefined;
    writes.track('a', new Promise<boolean>((resolve) => (first = resolve)));
    writes.track('ab', Promise.resolve(true));
    writes.track('abc', Promise.resolve(false));
    const settled = writes.settled();
    first(true);
    expect(await settled).toEqual({ value: 'ab' });
  });

  it('treats a rejected write as not saved', async () => {
    const writes = createEditWrites();
    writes.track('x', Promise.resolve(true));
    writes.track('y', Promise.reject(new Error('offline')));
    expect(await writes.settled()).toEqual({ value: 'x' });
  });
});
