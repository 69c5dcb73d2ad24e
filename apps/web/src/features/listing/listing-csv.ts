import {
  csvDelimiterFor,
  csvNumber,
  type Language,
  QuoteListResponse,
  type SavedSearchBody,
  toCsv,
} from '@solar/shared';
import type { TFunction } from 'i18next';
import { api } from '../../api/client';
import { cleanFilters, fetchSavedProjects, type SavedSortColumn, type SortOrder } from '../../api/projects';
import { buildingFactLabel } from '../../lib/building-labels';
import type { ListingRow } from './projects-table';
import { type ListingMode, QUOTE_SORT } from './use-listing-query';

/** The most rows one listing export holds; the UI says so when the list is longer. */
export const LISTING_EXPORT_MAX = 10_000;
const PAGE = 500;

/** The table's data columns in its order (selection, action and 3D link are not data). */
export const EXPORT_COLUMNS = [
  'address',
  'city',
  'shortId',
  'stage',
  'roofType',
  'buildingType',
  'status',
  'people',
  'pricePerKwh',
  'feedInTariff',
  'consumption',
  'totalCost',
  'firstName',
  'lastName',
  'email',
  'rating',
  'responsiblePerson',
  'date',
] as const;
type ExportColumn = (typeof EXPORT_COLUMNS)[number];

type ListingT = TFunction<['listing', 'pipeline']>;

function cell(row: ListingRow, column: ExportColumn, lang: Language, t: ListingT): string {
  switch (column) {
    case 'stage':
      return row.projectStatus ? t(`pipeline:stage.${row.projectStatus}`) : '';
    case 'status':
      return t(`pipeline:quoteStatus.${row.status}`, { defaultValue: row.status });
    case 'people':
    case 'pricePerKwh':
    case 'feedInTariff':
    case 'consumption':
    case 'totalCost':
    case 'rating':
      return csvNumber(row[column], lang);
    case 'firstName':
    case 'lastName':
    case 'email':
      return row.customer?.[column] ?? '';
    case 'roofType':
      return row.roofType ? buildingFactLabel('roofTypes', row.roofType, t) : '';
    case 'buildingType':
      return row.buildingType ? buildingFactLabel('buildingTypes', row.buildingType, t) : '';
    case 'responsiblePerson':
      return row.responsiblePerson ?? '';
    case 'date':
      return row.date.slice(0, 10);
    default:
      return String(row[column] ?? '');
  }
}

/** The listing rows as CSV in the language's spreadsheet conventions (header from the table's labels). */
export function listingCsv(rows: readonly ListingRow[], lang: Language, t: ListingT): string {
  const header = EXPORT_COLUMNS.map((c) => t(`columns.${c}`));
  return toCsv(
    [header, ...rows.map((r) => EXPORT_COLUMNS.map((c) => cell(r, c, lang, t)))],
    csvDelimiterFor(lang),
  );
}

export interface ExportParams {
  filters: SavedSearchBody;
  sortColumn: SavedSortColumn;
  sortOrder: SortOrder;
}

/**
 * Every row the listing shows with these filters and this order, page by page (at most
 * {@link LISTING_EXPORT_MAX}); `onProgress` gets the rows read so far and the total.
 */
export async function fetchListingRows(
  mode: ListingMode,
  params: ExportParams,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<{ rows: ListingRow[]; total: number }> {
  const rows: ListingRow[] = [];
  let total = 0;
  // Quotes page by keyset cursor: each page costs the same however deep the export reads.
  let cursor: string | undefined;
  for (let page = 1; rows.length < LISTING_EXPORT_MAX; page++) {
    let hasNext: boolean;
    if (mode === 'projects') {
      const answer = await fetchSavedProjects({ ...params, limit: PAGE, page }, signal);
      rows.push(...answer.docs.map((p) => ({ ...p, projectId: p._id })));
      total = answer.pagination.total;
      hasNext = answer.pagination.hasNextPage;
    } else {
      const { stage: _s, responsibleUserId: _r, ...filters } = cleanFilters(params.filters);
      const answer = await api
        .put('/quote/installer/search', filters, {
          signal,
          query: {
            page,
            limit: PAGE,
            sortColumn: QUOTE_SORT[params.sortColumn],
            sortOrder: params.sortOrder,
            ...(cursor ? { cursor } : {}),
          },
          schema: QuoteListResponse,
        })
        .then((r) => r.data);
      rows.push(...answer.docs.map((q) => ({ ...q, date: q.createdAt, responsiblePerson: null })));
      total = answer.pagination.total;
      cursor = answer.pagination.nextCursor ?? undefined;
      hasNext = cursor !== undefined;
    }
    onProgress(Math.min(rows.length, LISTING_EXPORT_MAX), total);
    if (!hasNext) break;
  }
  return { rows: rows.slice(0, LISTING_EXPORT_MAX), total };
}
