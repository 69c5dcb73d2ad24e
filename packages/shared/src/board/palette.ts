/**
 * The option colour palette of SPEC §9: ten named light colours. New select options get a random
 * one (SPEC §3).
 */
export const OPTION_PALETTE = [
  { name: 'Default', color: '#e3e2e0' },
  { name: 'Gray', color: '#d3d3d1' },
  { name: 'Brown', color: '#eee0da' },
  { name: 'Orange', color: '#fadec9' },
  { name: 'Yellow', color: '#fdecc8' },
  { name: 'Green', color: '#dbeddb' },
  { name: 'Blue', color: '#d3e5ef' },
  { name: 'Purple', color: '#e8deee' },
  { name: 'Pink', color: '#f5e0e9' },
  { name: 'Red', color: '#ffe2dd' },
] as const;

export type PaletteName = (typeof OPTION_PALETTE)[number]['name'];

/** A random light colour of the palette; `random` is injectable for tests. */
export function randomOptionColor(random: () => number = Math.random): string {
  const i = Math.min(OPTION_PALETTE.length - 1, Math.floor(random() * OPTION_PALETTE.length));
  return (OPTION_PALETTE[i] ?? OPTION_PALETTE[0]).color;
}

/**
 * Adds an option by name: the name is trimmed, a blank one is ignored (SPEC §5), an existing one
 * (same value) is not added twice. Returns the same array when nothing changes.
 */
export function addOption<T extends { value: string; label: string; backgroundColor: string }>(
  options: readonly T[],
  name: string,
  random: () => number = Math.random,
): (T | { value: string; label: string; backgroundColor: string })[] {
  const trimmed = name.trim();
  if (!trimmed || options.some((o) => o.value === trimmed)) return options as T[];
  return [...options, { value: trimmed, label: trimmed, backgroundColor: randomOptionColor(random) }];
}

/** Renames an option's label; empty after trimming is ignored (SPEC §5). */
export function renameOption<T extends { value: string; label: string }>(
  options: readonly T[],
  value: string,
  label: string,
): T[] {
  const trimmed = label.trim();
  if (!trimmed) return options as T[];
  return options.map((o) => (o.value === value ? { ...o, label: trimmed } : o));
}
