import { type ZodType, z } from 'zod';

/** Records checked per task: about 4 ms on a slow machine. */
const SLICE = 100;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `z.array(schema).safeParse(items)` in slices, letting the browser draw a frame between them: a
 * page of a thousand records took 40 ms to check in one task, a frame dropped while scrolling.
 * The parsed items, or the first slice's issues when one fails.
 */
export async function parseInSlices<T>(
  items: readonly unknown[],
  schema: ZodType<T>,
  yieldToBrowser: () => Promise<void> = nextTask,
): Promise<{ success: true; data: T[] } | { success: false; error: z.ZodError }> {
  const slice = z.array(schema);
  const data: T[] = [];
  for (let from = 0; from < items.length; from += SLICE) {
    if (from > 0) await yieldToBrowser();
    const parsed = slice.safeParse(items.slice(from, from + SLICE));
    if (!parsed.success) return { success: false, error: parsed.error };
    data.push(...parsed.data);
  }
  return { success: true, data };
}
