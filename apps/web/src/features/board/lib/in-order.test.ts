import { describe, expect, it } from 'vitest';
import { InOrder } from './in-order';

/** A call answered when the test says so. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('InOrder', () => {
  it('sends a second write to a value only once the first was answered', async () => {
    const order = new InOrder();
    const sent: string[] = [];
    const first = deferred<string>();
    const a = order.run('task:Tags', () => {
      sent.push('Roof');
      return first.promise;
    });
    const b = order.run('task:Tags', async () => {
      sent.push('Roof,Battery');
      return 'second';
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toEqual(['Roof']);
    first.resolve('first');
    expect(await a).toBe('first');
    expect(await b).toBe('second');
    expect(sent).toEqual(['Roof', 'Roof,Battery']);
  });

  it('a failed write does not stop the next one, and keeps its own failure', async () => {
    const order = new InOrder();
    const first = deferred<string>();
    const a = order.run('k', () => first.promise);
    const b = order.run('k', async () => 'next');
    first.reject(new Error('offline'));
    await expect(a).rejects.toThrow('offline');
    expect(await b).toBe('next');
  });

  it('writes to different values do not wait for each other', async () => {
    const order = new InOrder();
    const slow = deferred<string>();
    void order.run('a', () => slow.promise);
    expect(await order.run('b', async () => 'b')).toBe('b');
    slow.resolve('a');
  });
});
