import type { View } from '@solar/shared';
import { renameInList } from './columns';

type ViewRefs = Pick<
  View,
  'order' | 'hiddenProperties' | 'width' | 'filters' | 'sort' | 'groupBy' | 'sumProperty'
>;

/**
 * The view settings that named a renamed property, with the new name (only the changed ones). The API
 * re-keys records on a rename but not views, so the client keeps its view in step.
 */
export function renameViewRefs(view: View, from: string, to: string): Partial<ViewRefs> {
  const patch: Partial<ViewRefs> = {};
  if (view.order.includes(from)) patch.order = renameInList(view.order, from, to);
  if (view.hiddenProperties.includes(from))
    patch.hiddenProperties = renameInList(view.hiddenProperties, from, to);
  if (from in view.width) {
    const { [from]: width, ...rest } = view.width;
    patch.width = { ...rest, [to]: width ?? 200 };
  }
  if (view.filters.some((f) => f.column === from)) {
    patch.filters = view.filters.map((f) => (f.column === from ? { ...f, column: to } : f));
  }
  if (view.sort.some((s) => s.column === from)) {
    patch.sort = view.sort.map((s) => (s.column === from ? { ...s, column: to } : s));
  }
  if (view.groupBy === from) patch.groupBy = to;
  if (view.sumProperty === from) patch.sumProperty = to;
  return patch;
}
