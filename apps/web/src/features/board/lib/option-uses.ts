import type { Board, Column, TaskFilterRequest, TaskGroup } from '@solar/shared';

/**
 * The `/task/filter` body that counts the records holding an option: filtered on the option (which
 * lets empty cells through, SPEC §5) and grouped by the column, so the groups tell them apart.
 */
export function optionUsesBody(
  board: Board,
  column: Pick<Column, 'id' | 'dataType'>,
  value: string,
): TaskFilterRequest {
  return { board, filters: [{ column: column.id, value, type: column.dataType }], groupBy: column.id };
}

/**
 * How many records hold the option, from the groups of {@link optionUsesBody}'s answer: a select's
 * group of exactly that value; for a multi-select (grouped by its first value) every group but the
 * empty one, as the filter kept only cells that include the option or are empty.
 */
export function optionUseCount(groups: readonly TaskGroup[], multiple: boolean, value: string): number {
  if (!multiple) return groups.find((g) => g.value === value)?.count ?? 0;
  return groups.reduce((n, g) => (g.value === null ? n : n + g.count), 0);
}
