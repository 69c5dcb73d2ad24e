import { type Column, type SelectOption, STAGES, type Stage, type UserProperties } from '@solar/shared';
import { isSuggestedTarget, SUGGESTED_TARGETS } from '../../../lib/customer-targets';
import { TITLE_KEY } from './columns';

/**
 * Translation keys (board namespace, `fixedColumns.*`) of the /projects board's fixed columns, by their
 * key: the server stores their names in English and they cannot be renamed there (SPEC §6).
 */
const FIXED_COLUMN_KEYS = {
  [TITLE_KEY]: 'project',
  Status: 'status',
  City: 'city',
  'Total cost': 'totalCost',
  'Customer target': 'customerTarget',
  Priority: 'priority',
  'Next step': 'nextStep',
  'Due date': 'dueDate',
  Done: 'done',
  Created: 'created',
} as const satisfies Record<string, string>;
export type FixedColumnKey = (typeof FIXED_COLUMN_KEYS)[keyof typeof FIXED_COLUMN_KEYS];
const fixedKeyOf = (id: string): FixedColumnKey | undefined =>
  Object.hasOwn(FIXED_COLUMN_KEYS, id) ? FIXED_COLUMN_KEYS[id as keyof typeof FIXED_COLUMN_KEYS] : undefined;

const isStage = (value: string): value is Stage => (STAGES as readonly string[]).includes(value);

/** The grey of a value that has no option (`OptionBadge`). */
const NO_OPTION_COLOUR = '#e3e2e0';

/**
 * The /projects board's columns as the user reads them: the fixed (locked) columns named in the UI
 * language, the synced status options (the project stages) by their stage names and, given
 * `targetName`, the customer targets the portal suggests by their names (lib/customer-targets: the
 * synced column stores no options, so theirs are added, in the grey of a value without one; a target
 * the user typed keeps its text). Only the display changes; keys and stored values stay as stored,
 * and the company's own columns keep their names.
 */
export function localizeProjectColumns(
  properties: UserProperties,
  columnName: (key: FixedColumnKey) => string,
  stageName: (stage: Stage) => string,
  targetName?: (value: string) => string,
): UserProperties {
  if (properties.board !== 'projects') return properties;
  const localize = (column: Column): Column => {
    const key = column.locked ? fixedKeyOf(column.id) : undefined;
    if (!key) return column;
    if (key === 'customerTarget' && column.synced && targetName) {
      const own = (column.options ?? []).map((o) =>
        isSuggestedTarget(o.value) ? { ...o, label: targetName(o.value) } : o,
      );
      const added = SUGGESTED_TARGETS.filter((value) => !own.some((o) => o.value === value)).map(
        (value): SelectOption => ({ value, label: targetName(value), backgroundColor: NO_OPTION_COLOUR }),
      );
      return { ...column, label: columnName(key), options: [...own, ...added] };
    }
    const options =
      column.synced && column.options
        ? column.options.map((o) => (isStage(o.value) ? { ...o, label: stageName(o.value) } : o))
        : column.options;
    return { ...column, label: columnName(key), ...(options ? { options } : {}) };
  };
  return {
    ...properties,
    properties: Object.fromEntries(Object.entries(properties.properties).map(([k, c]) => [k, localize(c)])),
  };
}
