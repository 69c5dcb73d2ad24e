/**
 * Sends the writes to one value (a cell) one after another, in the order they were made: each waits
 * until the one before it was answered (saved or failed). Sent side by side, a slow first write could
 * reach the server after a quick second one and write the older value over the newer (two options
 * picked in a row: the cell kept only the first).
 */
export class InOrder {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `send` once every earlier call for `key` has settled; answers what `send` answers. */
  run<T>(key: string, send: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const result = before ? before.then(send) : send();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
