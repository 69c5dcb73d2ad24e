/** Waits until `url` answers 2xx (a server starting), or fails after `seconds`. */
export async function waitFor(url: string, seconds = 120): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}
