/** The writes of one edit (the typing saver's), to learn which value the server kept last. */
export interface EditWrites {
  /** A write of `value` started; `result` resolves with whether the server kept it. */
  track: (value: unknown, result: Promise<boolean>) => void;
  /**
   * Once every write so far settled: the value of the newest write that was saved, or null when none
   * was (nothing to undo: a failed write never reached the server).
   */
  settled: () => Promise<{ value: unknown } | null>;
}

export function createEditWrites(): EditWrites {
  let count = 0;
  let newest: { n: number; value: unknown } | null = null;
  const results: Promise<void>[] = [];
  return {
    track(value, result) {
      count += 1;
      const n = count;
      results.push(
        result.then(
          (ok) => {
            if (ok && (!newest || n > newest.n)) newest = { n, value };
          },
          () => undefined,
        ),
      );
    },
    async settled() {
      let seen = -1;
      // A write may start while waiting (the editor's last flush): wait for it too.
      while (seen !== results.length) {
        seen = results.length;
        await Promise.all(results);
      }
      return newest ? { value: newest.value } : null;
    },
  };
}
