import { sameValue } from './values';

/** What the record drawer's form holds. */
export interface RecordDraftValues {
  name: string;
  notes: string;
  /** Values the user set, by property key. */
  values: Record<string, unknown>;
}

/**
 * Whether the drawer's form holds changes that closing it would lose: a name, notes or a value other
 * than the one it opened with (`base` gives a property's value then). A change typed back is none.
 */
export function isDraftChanged(
  base: { name: string; notes: string; value: (key: string) => unknown },
  draft: RecordDraftValues,
): boolean {
  if (draft.name !== base.name || draft.notes !== base.notes) return true;
  return Object.entries(draft.values).some(([key, value]) => !sameValue(base.value(key), value));
}
