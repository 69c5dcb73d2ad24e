import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import {
  BUILDING_TYPES,
  CONSTANTS,
  formatEuro,
  formatNumber,
  isInstallerRole,
  SAVED_SORT_COLUMNS,
  type SavedSearchBody,
  STAGES,
  type Stage,
} from '@solar/shared';
import { IconSearchOff, IconTrash } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConstantsQuery } from '../../api/constants';
import { type SavedSortColumn, type SortOrder, useDeleteProjects } from '../../api/projects';
import { currentLanguage } from '../../i18n';
import { withParams } from '../../layout/links';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useCurrentUser } from '../auth/session';
import { ExportButton } from './export-button';
import { EMPTY_FILTERS, ListingFilters, type ListingFilterValues } from './listing-filters';
import { type ListingRow, ProjectsTable } from './projects-table';
import { type ListingMode, useListingQuery } from './use-listing-query';

const PAGE_SIZE = 20;
const DELETE_ROLES = new Set(['INSTALLER_ADMIN', 'INSTALLER_SALES']);

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
function filtersOf(params: URLSearchParams): ListingFilterValues {
  return {
    stage: stagesOf(params.get('stage')),
    buildingType: listOf(params.get('buildingType'), BUILDING_TYPES),
    city: listOf(params.get('city')),
    costMin: amountOf(params.get('costMin')),
    costMax: amountOf(params.get('costMax')),
  };
}

type Sort = { column: SavedSortColumn; order: SortOrder };

/** The sort kept in the address (`?sort=&order=`), else the mode's default. */
function sortOf(params: URLSearchParams, fallback: Sort): Sort {
  const column = params.get('sort');
  const order = params.get('order');
  if (!column || !(SAVED_SORT_COLUMNS as readonly string[]).includes(column)) return fallback;
  return { column: column as SavedSortColumn, order: order === 'asc' ? 'asc' : 'desc' };
}

/** `params` with the filters and sort written in (defaults left out), the rest kept. */
function withState(params: URLSearchParams, filters: ListingFilterValues, sort: Sort, fallback: Sort) {
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

function toBody(filters: ListingFilterValues, search: string): SavedSearchBody {
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

function TableSkeleton() {
  return (
    <Stack gap={6} aria-hidden>
      <Skeleton height={38} />
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <Skeleton key={i} height={40} />
      ))}
    </Stack>
  );
}

/** /listing: the company's saved projects with filters, sorting, totals, "Load more" and delete. */
export function ListingPage() {
  const { t } = useTranslation('listing');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);
  const mode: ListingMode = isInstallerRole(user.role) ? 'projects' : 'quotes';

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{mode === 'projects' ? t('subtitle') : t('subtitleQuotes')}</Text>
      </div>
      <Listing mode={mode} canDelete={mode === 'projects' && DELETE_ROLES.has(user.role)} />
    </Stack>
  );
}

function Listing({ mode, canDelete }: { mode: ListingMode; canDelete: boolean }) {
  const { t } = useTranslation('listing');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlSearch = searchParams.get('search') ?? '';

  // The address text lives in `?search=` (the header's address search writes it too).
  const [searchText, setSearchText] = useState(urlSearch);
  const lastWritten = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch !== lastWritten.current) {
      lastWritten.current = urlSearch;
      setSearchText(urlSearch);
    }
  }, [urlSearch]);
  const commitSearch = useDebouncedCallback((text: string) => {
    lastWritten.current = text.trim() ? text : '';
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set('search', text);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, CONSTANTS.addressSearchDebounceMs);

  // Filters and sort live in the address too, so a reload or a shared link shows the same list.
  const [filters, setFilters] = useState<ListingFilterValues>(() => filtersOf(searchParams));
  const [debouncedFilters] = useDebouncedValue(filters, 300);
  // Quotes by rating, best first (SPEC §9's default quote sort); the company's projects newest first.
  const defaultSort: Sort = { column: mode === 'quotes' ? 'rating' : 'date', order: 'desc' };
  const [sort, setSort] = useState<Sort>(() => sortOf(searchParams, defaultSort));
  const paramsRef = useRef(searchParams);
  paramsRef.current = searchParams;
  /** The filters and sort as the address holds them (only those keys). */
  const urlState = withState(
    new URLSearchParams(),
    filtersOf(searchParams),
    sortOf(searchParams, defaultSort),
    defaultSort,
  ).toString();
  const lastState = useRef(urlState);
  // biome-ignore lint/correctness/useExhaustiveDependencies: written when the filters or sort change, not the address
  useEffect(() => {
    lastState.current = withState(new URLSearchParams(), debouncedFilters, sort, defaultSort).toString();
    const current = paramsRef.current;
    if (withState(current, debouncedFilters, sort, defaultSort).toString() === current.toString()) return;
    setSearchParams((latest) => withState(latest, debouncedFilters, sort, defaultSort), { replace: true });
  }, [debouncedFilters, sort]);
  // A link to the listing with other filters (the menu, the dashboard) while it is open shows those.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (urlState === lastState.current) return;
    lastState.current = urlState;
    setFilters(filtersOf(paramsRef.current));
    setSort(sortOf(paramsRef.current, defaultSort));
  }, [urlState]);

  const body = useMemo(() => toBody(debouncedFilters, urlSearch), [debouncedFilters, urlSearch]);
  const query = useListingQuery(mode, {
    filters: body,
    sortColumn: sort.column,
    sortOrder: sort.order,
    limit: PAGE_SIZE,
  });
  const constants = useConstantsQuery();
  const deleteProjects = useDeleteProjects();

  const { rows, totals } = query;
  // The table renders its rows as a transition, which React splits into short tasks: the answer
  // arrives through the query cache's store, whose updates render in one task (a long task of
  // 100-150 ms on the first page in Lighthouse). The first rows wait for that transition too.
  const loaded = !query.isPending;
  const isShown = useDeferredValue(loaded, false) && loaded;
  const shownRows = useDeferredValue(rows);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const selectedIds = rows.filter((row) => selected.has(row._id)).map((row) => row._id);

  const hasFilters =
    Boolean(urlSearch.trim()) ||
    (mode === 'projects' && filters.stage.length > 0) ||
    filters.buildingType.length > 0 ||
    filters.city.length > 0 ||
    filters.costMin !== null ||
    filters.costMax !== null;

  const onSort = (column: SavedSortColumn) =>
    setSort((current) =>
      current.column === column
        ? { column, order: current.order === 'desc' ? 'asc' : 'desc' }
        : { column, order: column === 'city' ? 'asc' : 'desc' },
    );

  const onReset = () => {
    setFilters(EMPTY_FILTERS);
    setSearchText('');
    commitSearch('');
    commitSearch.flush();
  };

  const planningUrl = (row: ListingRow) => {
    // Only an external customer application has a 3D planning page ('–' otherwise).
    const base = constants.data?.planning3dUrl;
    if (!base) return null;
    return withParams(base, {
      shortId: row.shortId,
      version: String(row.version),
    });
  };

  const onConfirmDelete = () => {
    if (selectedIds.length === 0) return;
    deleteProjects.mutate(selectedIds, {
      onSuccess: () => {
        notifySuccess(t('deleted'));
        setSelected(new Set());
        setConfirming(false);
      },
      onError: (error) => notifyError(error, tApp),
    });
  };

  let content: React.ReactNode;
  if (!isShown) {
    content = (
      <div role="status" aria-live="polite" data-testid="listing-loading">
        <VisuallyHidden>{tApp('common.loading')}</VisuallyHidden>
        <TableSkeleton />
      </div>
    );
  } else if (query.isError && rows.length === 0) {
    content = (
      <Alert color="red" variant="light" title={t('loadFailed')} role="alert" data-testid="listing-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(query.error, tApp)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={<IconSearchOff size={28} />}
        variant="light"
        title={t('empty')}
        description={
          hasFilters
            ? t(mode === 'projects' ? 'emptyFiltered' : 'emptyFilteredQuotes')
            : mode === 'projects'
              ? t('emptyNone')
              : t('emptyQuotes')
        }
        data-testid="listing-empty"
      >
        {hasFilters ? (
          <Button variant="light" onClick={onReset}>
            {t('filters.reset')}
          </Button>
        ) : (
          <Button component={Link} to="/mapview" variant="light">
            {t('toMap')}
          </Button>
        )}
      </EmptyState>
    );
  } else {
    content = (
      <Stack gap="sm">
        <ProjectsTable
          rows={shownRows}
          sortColumn={sort.column}
          sortOrder={sort.order}
          onSort={onSort}
          selectable={canDelete}
          selected={selected}
          onToggle={(id) =>
            setSelected((current) => {
              const next = new Set(current);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            })
          }
          onToggleAll={() =>
            setSelected((current) =>
              rows.every((row) => current.has(row._id)) ? new Set() : new Set(rows.map((row) => row._id)),
            )
          }
          planningUrl={planningUrl}
          quoteColumns={mode === 'quotes'}
          busy={query.isPlaceholderData || (query.isFetching && !query.isFetchingNextPage)}
        />
        <Group justify="center" py="xs">
          {query.hasNextPage ? (
            <Button
              variant="light"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              disabled={query.isPlaceholderData}
              data-testid="load-more"
            >
              {t('loadMore')}
            </Button>
          ) : (
            <Text c="dimmed" size="sm" data-testid="no-more">
              {t('noMore')}
            </Text>
          )}
        </Group>
        {query.isFetchNextPageError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(query.error, tApp)}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <>
      <ListingFilters
        values={filters}
        onChange={setFilters}
        search={searchText}
        onSearchChange={(text) => {
          setSearchText(text);
          commitSearch(text);
        }}
        onReset={onReset}
        canReset={hasFilters}
        showStage={mode === 'projects'}
      />
      <Group justify="space-between" gap="sm" mih={36}>
        <Text fw={600} aria-live="polite" data-testid="listing-totals">
          {totals
            ? totals.isCapped
              ? // More quotes than were counted: no sum of a set that was not read whole.
                t('totalsCapped', { n: formatNumber(totals.count, lang) })
              : t(mode === 'projects' ? 'totals' : 'totalsQuotes', {
                  count: totals.count,
                  n: formatNumber(totals.count, lang),
                  // Kept on one line with its unit on a phone ("1.613.519 €", not "€" alone below).
                  cost: formatEuro(totals.totalCost, lang).replaceAll(' ', '\u00a0'),
                })
            : '\u00a0'}
        </Text>
        <Group gap="sm">
          {rows.length > 0 && (
            <ExportButton
              mode={mode}
              params={{ filters: body, sortColumn: sort.column, sortOrder: sort.order }}
            />
          )}
          {canDelete && selectedIds.length > 0 && (
            <>
              <Badge variant="light" size="lg" data-testid="selected-count">
                {t('selected', { count: selectedIds.length })}
              </Badge>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
                aria-haspopup="dialog"
                data-testid="delete-selected"
              >
                {t('deleteSelected')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {content}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirmTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Stack gap="lg">
          <Text>{t('confirmText', { count: selectedIds.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {tApp('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={onConfirmDelete}
              loading={deleteProjects.isPending}
              data-testid="confirm-delete"
            >
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
