import type { Column, Task, TaskGroup } from '@solar/shared';

/** One group of records: a kanban column or a table section. */
export interface Bucket {
  /** Stable key ('' for records without a value). */
  key: string;
  value: string | null;
  label: string;
  color: string | null;
  tasks: Task[];
  /** Records in the group over the whole filter (the server's count, kept current by local edits). */
  count: number;
  sum: number | null;
}

/** A record's group: its option value, or null when empty. */
export function groupValueOf(task: Task, groupBy: string): string | null {
  const value = task.properties[groupBy]?.value;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A cell as a number for sums (numbers, or number text). */
export function numberOf(task: Task, key: string | null | undefined): number {
  if (!key) return 0;
  const value = task.properties[key]?.value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return 0;
}

/**
 * The records by group: one bucket per option (in the column's order), then values the options do not
 * know, then "no value". `includeEmpty` keeps groups without records (the kanban shows every column).
 */
export function bucketTasks(
  tasks: readonly Task[],
  column: Column,
  groups: readonly TaskGroup[],
  includeEmpty: boolean,
): Bucket[] {
  const byValue = new Map<string, Task[]>();
  for (const task of tasks) {
    const key = groupValueOf(task, column.id) ?? '';
    const list = byValue.get(key);
    if (list) list.push(task);
    else byValue.set(key, [task]);
  }
  const server = new Map(groups.map((g) => [g.value ?? '', g]));
  const options = column.options ?? [];
  const keys = [...options.map((o) => o.value)];
  for (const key of [...server.keys(), ...byValue.keys()]) if (key && !keys.includes(key)) keys.push(key);
  keys.push('');
  return keys
    .map((key): Bucket => {
      const option = options.find((o) => o.value === key);
      const list = byValue.get(key) ?? [];
      const group = server.get(key);
      return {
        key,
        value: key || null,
        label: option?.label ?? key,
        color: option?.backgroundColor ?? null,
        tasks: list,
        count: Math.max(group?.count ?? 0, list.length),
        sum: group?.sum ?? null,
      };
    })
    .filter((b) => includeEmpty || b.count > 0);
}

/** Groups after one record moved from one group to another and/or its summed value changed. */
export function shiftGroups(
  groups: readonly TaskGroup[],
  from: { value: string | null; sum: number } | null,
  to: { value: string | null; sum: number } | null,
  summed: boolean,
): TaskGroup[] {
  const next = groups.map((g) => ({ ...g }));
  const find = (value: string | null) => {
    let group = next.find((g) => g.value === value);
    if (!group) {
      group = { value, count: 0, sum: summed ? 0 : null };
      next.push(group);
    }
    return group;
  };
  if (from) {
    const group = find(from.value);
    group.count = Math.max(0, group.count - 1);
    if (summed) group.sum = (group.sum ?? 0) - from.sum;
  }
  if (to) {
    const group = find(to.value);
    group.count += 1;
    if (summed) group.sum = (group.sum ?? 0) + to.sum;
  }
  return next;
}
