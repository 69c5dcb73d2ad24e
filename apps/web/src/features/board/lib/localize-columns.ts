import { type Column, STAGES, type Stage, type UserProperties } from '@solar/shared';
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

/**
 * The /projects board's columns as the user reads them: the fixed (locked) columns named in the UI
 * language and the synced status options (the project stages) by their stage names. Only the display
 * changes; keys and option values stay as stored, and the company's own columns keep their names.
 */
export function localizeProjectColumns(
  properties: UserProperties,
  columnName: (key: FixedColumnKey) => string,
  stageName: (stage: Stage) => string,
): UserProperties {
  if (properties.board !== 'projects') return properties;
  const localize = (column: Column): Column => {
    const key = column.locked ? fixedKeyOf(column.id) : undefined;
    if (!key) return column;
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
