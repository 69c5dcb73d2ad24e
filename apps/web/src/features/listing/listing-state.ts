import { BUILDING_TYPES, type SavedSearchBody, STAGES, type Stage } from '@solar/shared';
import type { SavedSortColumn, SortOrder } from '../../api/projects';
import type { ListingFilterValues } from './listing-filters';

/**
 * The listing's state as the address keeps it, so a reload or a shared link shows the same list:
 * the installer's tab (`?tab=nearby`), the filters, the sort and (written by the page) `?search=`.
 */

/** An installer's two lists: the company's projects (the default) and the requests in its service area. */
export type ListingTab = 'projects' | 'nearby';

/** The tab in the address; anything but `nearby` is the company's projects. */
export function listingTabOf(params: URLSearchParams): ListingTab {
  return params.get('tab') === 'nearby' ? 'nearby' : 'projects';
}

/**
 * `params` showing `tab`: the filters both lists have (address text, building type, city, cost) stay;
 * the stage (projects only) and the sort (each list has its own default) go.
 */
export function withListingTab(params: URLSearchParams, tab: ListingTab): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 'nearby') next.set('tab', 'nearby');
  else next.delete('tab');
  for (const key of ['stage', 'sort', 'order']) next.delete(key);
  return next;
}

function stagesOf(param: string | null): Stage[] {
  if (!param) return [];
  return param.split(',').filter((s): s is Stage => (STAGES as readonly string[]).includes(s));
}

function listOf(param: string | null, allowed?: readonly string[]): string[] {
  if (!param) return [];
  const values = param.split(',').filter(Boolean);
  return allowed ? values.filter((v) => allowed.includes(v)) : values;
}

function amountOf(param: string | null): number | null {
  if (!param) return null;
  const n = Number(param);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The filters kept in the address (`?stage=&buildingType=&city=&costMin=&costMax=`). */
export function filtersOf(params: URLSearchParams): ListingFilterValues {
  return {
    stage: stagesOf(params.get('stage')),
    buildingType: listOf(params.get('buildingType'), BUILDING_TYPES),
    city: listOf(params.get('city')),
    costMin: amountOf(params.get('costMin')),
    costMax: amountOf(params.get('costMax')),
  };
}

export type Sort = { column: SavedSortColumn; order: SortOrder };

/**
 * The sort kept in the address (`?sort=&order=`), else the mode's default: also for a column no
 * header and no phone menu offers (typed by hand, e.g. `updatedAt`, which the server would take), so
 * the menu always shows the sort the list is in.
 */
export function sortOf(params: URLSearchParams, fallback: Sort): Sort {
  const column = SORT_CHOICE_COLUMNS.find((c) => c === params.get('sort'));
  if (!column) return fallback;
  return { column, order: params.get('order') === 'asc' ? 'asc' : 'desc' };
}

/**
 * The columns the table's headers sort by (projects-table.tsx, `sort`), in the order a phone's sort
 * menu lists them. Each comes first in the direction its header's first click gives (city A to Z,
 * the others highest or newest first), then the other.
 */
export const SORT_CHOICE_COLUMNS = [
  'date',
  'rating',
  'totalCost',
  'consumption',
  'city',
] as const satisfies readonly SavedSortColumn[];

/** A sort the phone's menu offers. */
export type SortChoice = { column: (typeof SORT_CHOICE_COLUMNS)[number]; order: SortOrder };

/** The order a header's first click sorts its column in. */
export function firstOrderOf(column: SavedSortColumn): SortOrder {
  return column === 'city' ? 'asc' : 'desc';
}

/** Every sort the phone's menu offers, both directions of each header's column, the list's default first. */
export function sortChoices(fallback: Sort): SortChoice[] {
  const columns = [
    ...SORT_CHOICE_COLUMNS.filter((c) => c === fallback.column),
    ...SORT_CHOICE_COLUMNS.filter((c) => c !== fallback.column),
  ];
  return columns.flatMap((column) => {
    const first = firstOrderOf(column);
    const second: SortOrder = first === 'asc' ? 'desc' : 'asc';
    return [
      { column, order: first },
      { column, order: second },
    ];
  });
}

/** A sort as one value of the menu (`totalCost.desc`). */
export function sortValueOf(sort: Sort): string {
  return `${sort.column}.${sort.order}`;
}

/** The sort a menu value names, or null for a value the menu does not offer. */
export function sortFromValue(value: string): SortChoice | null {
  const [column, order, ...rest] = value.split('.');
  if (rest.length > 0 || (order !== 'asc' && order !== 'desc')) return null;
  const choice = SORT_CHOICE_COLUMNS.find((c) => c === column);
  return choice ? { column: choice, order } : null;
}

/** `params` with the filters and sort written in (defaults left out), the rest kept. */
export function withState(params: URLSearchParams, filters: ListingFilterValues, sort: Sort, fallback: Sort) {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  put('stage', filters.stage.join(','));
  put('buildingType', filters.buildingType.join(','));
  put('city', filters.city.join(','));
  put('costMin', filters.costMin === null ? '' : String(filters.costMin));
  put('costMax', filters.costMax === null ? '' : String(filters.costMax));
  const isDefault = sort.column === fallback.column && sort.order === fallback.order;
  put('sort', isDefault ? '' : sort.column);
  put('order', isDefault ? '' : sort.order);
  return next;
}

/** The search body of the filters and the address text (empty ones left out). */
export function toBody(filters: ListingFilterValues, search: string): SavedSearchBody {
  return {
    search: search.trim() || undefined,
    stage: filters.stage.length ? filters.stage : undefined,
    buildingType: filters.buildingType.length
      ? (filters.buildingType as SavedSearchBody['buildingType'])
      : undefined,
    city: filters.city.length ? filters.city : undefined,
    costMin: filters.costMin ?? undefined,
    costMax: filters.costMax ?? undefined,
  };
}
