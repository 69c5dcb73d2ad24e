/**
 * The customer targets the portal suggests (the customer-target drawer's list, SPEC §2), by their
 * stored value. The values are German, as they have been saved from the start (and in the demo data):
 * they stay the stored values in every language, and only their display follows the UI language. Any
 * other target is the user's own text, stored and shown as typed.
 */
export const SUGGESTED_TARGETS = ['Eigenheim', 'Speicher', 'Wallbox', 'Wärmepumpe', 'Gewerbe'] as const;
export type SuggestedTarget = (typeof SUGGESTED_TARGETS)[number];

/** Translation keys (`projectView:target.options.*`) of the suggested targets. */
const TARGET_KEYS = {
  Eigenheim: 'home',
  Speicher: 'storage',
  Wallbox: 'wallbox',
  Wärmepumpe: 'heatPump',
  Gewerbe: 'business',
} as const satisfies Record<SuggestedTarget, string>;
export type TargetKey = (typeof TARGET_KEYS)[SuggestedTarget];

/** Whether a stored target is one the portal suggests. */
export const isSuggestedTarget = (value: string): value is SuggestedTarget =>
  Object.hasOwn(TARGET_KEYS, value);

/** A stored target as the user reads it: a suggested one in the UI language, any other as it is. */
export function targetLabel(value: string, name: (key: TargetKey) => string): string {
  return isSuggestedTarget(value) ? name(TARGET_KEYS[value]) : value;
}

/**
 * What is stored for a target picked or typed: a suggested target's name in the UI language (in any
 * case) or its stored value is that value, so it is the same target in every language; any other text
 * is kept as typed.
 */
export function targetValue(text: string, name: (key: TargetKey) => string): string {
  const wanted = text.trim().toLocaleLowerCase();
  const found = SUGGESTED_TARGETS.find(
    (value) =>
      value.toLocaleLowerCase() === wanted || name(TARGET_KEYS[value]).toLocaleLowerCase() === wanted,
  );
  return found ?? text;
}
