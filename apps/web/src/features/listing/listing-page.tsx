import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { CONSTANTS, formatEuro, formatNumber, isInstallerRole } from '@solar/shared';
import { IconBriefcase, IconMapPin, IconSearchOff, IconTrash } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConstantsQuery } from '../../api/constants';
import { type SavedSortColumn, useDeleteProjects } from '../../api/projects';
import { currentLanguage } from '../../i18n';
import { withParams } from '../../layout/links';
import { PageTitle } from '../../layout/page-title';
import { errorMessage, notifyError, notifySuccess } from '../../lib/errors';
import { useIsPhone } from '../../lib/use-is-phone';
import { useCurrentUser } from '../auth/session';
import { ExportButton } from './export-button';
import classes from './listing.module.css';
import { ListingCards } from './listing-cards';
import { EMPTY_FILTERS, ListingFilters, type ListingFilterValues } from './listing-filters';
import { ListingSort } from './listing-sort';
import {
  filtersOf,
  firstOrderOf,
  listingTabOf,
  type Sort,
  sortOf,
  toBody,
  withListingTab,
  withState,
} from './listing-state';
import { NearbyEmpty, NoAddressNotice } from './nearby-notice';
import { OpenProjectLink, ProjectAction } from './project-action';
import { type ListingRow, ProjectsTable } from './projects-table';
import { type ListingMode, useListingQuery } from './use-listing-query';

const PAGE_SIZE = 20;
const DELETE_ROLES = new Set(['INSTALLER_ADMIN', 'INSTALLER_SALES']);

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

/**
 * /listing. Installer roles have two tabs (`?tab=nearby`): the company's saved projects (the default)
 * and the requests in its service area, each to save as a project. ADMIN and CITY_ADMIN see every
 * visible quote read-only. Filters, sorting, totals and "Load more" in each; delete on the projects.
 * On a phone every list is cards (listing-cards.tsx) with a sort menu in place of the table's headers.
 */
export function ListingPage() {
  const { t } = useTranslation('listing');
  const { t: tApp } = useTranslation();
  const { user } = useCurrentUser();
  useDocumentTitle(`${t('title')} · ${tApp('app.name')}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const isPhone = useIsPhone();

  if (!isInstallerRole(user.role)) {
    return (
      <Stack gap="md">
        <div>
          <PageTitle>{t('title')}</PageTitle>
          <Text c="dimmed">{t('subtitleQuotes')}</Text>
        </div>
        <Listing mode="quotes" canDelete={false} />
      </Stack>
    );
  }

  const tab = listingTabOf(searchParams);
  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('title')}</PageTitle>
        <Text c="dimmed">{tab === 'nearby' ? t('subtitleNearby') : t('subtitle')}</Text>
      </div>
      <Tabs
        value={tab}
        onChange={(next) =>
          setSearchParams((current) => withListingTab(current, next === 'nearby' ? 'nearby' : 'projects'), {
            replace: true,
          })
        }
        keepMounted={false}
      >
        {/* On a phone the two tabs share one row, a long label wrapping in its half, without icons. */}
        <Tabs.List
          aria-label={t('tabs.label')}
          grow={isPhone}
          className={isPhone ? classes.phoneTabs : undefined}
          data-testid="listing-tabs"
        >
          <Tabs.Tab
            value="projects"
            leftSection={isPhone ? undefined : <IconBriefcase size={16} aria-hidden />}
            data-testid="tab-projects"
          >
            {t('tabs.projects')}
          </Tabs.Tab>
          <Tabs.Tab
            value="nearby"
            leftSection={isPhone ? undefined : <IconMapPin size={16} aria-hidden />}
            data-testid="tab-nearby"
          >
            {t('tabs.nearby')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="projects" pt="md">
          <Stack gap="md">
            <Listing mode="projects" canDelete={DELETE_ROLES.has(user.role)} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="nearby" pt="md">
          <Stack gap="md">
            <Listing mode="quotes" canDelete={false} isNearby />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

interface ListingProps {
  mode: ListingMode;
  canDelete: boolean;
  /** An installer's nearby requests: each row is saved as a project or opened. */
  isNearby?: boolean;
}

function Listing({ mode, canDelete, isNearby = false }: ListingProps) {
  const { t } = useTranslation('listing');
  const { t: tApp } = useTranslation();
  const lang = currentLanguage();
  const isPhone = useIsPhone();
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
        : { column, order: firstOrderOf(column) },
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

  const renderCellAction = (row: ListingRow) => <ProjectAction row={row} />;
  const renderCardAction = (row: ListingRow) => <ProjectAction row={row} isCard />;
  const renderOpenCard = (row: ListingRow) =>
    row.projectId ? <OpenProjectLink projectId={row.projectId} address={row.address} isCard /> : null;
  const onToggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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

  const busy = query.isPlaceholderData || (query.isFetching && !query.isFetchingNextPage);
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
  } else if (rows.length === 0 && isNearby && !hasFilters) {
    content = <NearbyEmpty />;
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
          <Group gap="sm" justify="center">
            {mode === 'projects' && (
              <Button component={Link} to={{ search: '?tab=nearby' }} replace variant="light">
                {t('toNearby')}
              </Button>
            )}
            <Button component={Link} to="/mapview" variant="light">
              {t('toMap')}
            </Button>
          </Group>
        )}
      </EmptyState>
    );
  } else {
    content = (
      <Stack gap="sm">
        {isPhone ? (
          // No headers to sort by on a phone: the menu sets the same sort, and the cards hold the table's rows.
          <>
            <ListingSort sort={sort} fallback={defaultSort} onChange={setSort} />
            <ListingCards
              rows={shownRows}
              variant={isNearby ? 'nearby' : mode}
              renderAction={isNearby ? renderCardAction : mode === 'projects' ? renderOpenCard : undefined}
              label={isNearby ? t('tabs.nearby') : t('title')}
              busy={busy}
              selectable={canDelete}
              selected={selected}
              onToggle={onToggle}
              planningUrl={planningUrl}
            />
          </>
        ) : (
          <ProjectsTable
            rows={shownRows}
            sortColumn={sort.column}
            sortOrder={sort.order}
            onSort={onSort}
            selectable={canDelete}
            selected={selected}
            onToggle={onToggle}
            onToggleAll={() =>
              setSelected((current) =>
                rows.every((row) => current.has(row._id)) ? new Set() : new Set(rows.map((row) => row._id)),
              )
            }
            planningUrl={planningUrl}
            variant={isNearby ? 'nearby' : mode}
            renderAction={isNearby ? renderCellAction : undefined}
            caption={isNearby ? t('tabs.nearby') : undefined}
            busy={busy}
          />
        )}
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
      {/* Over a list (or a filtered empty one); with no request at all the empty state says it. */}
      {isNearby && isShown && (rows.length > 0 || hasFilters) && <NoAddressNotice />}
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
              : t(mode === 'projects' ? 'totals' : isNearby ? 'totalsNearby' : 'totalsQuotes', {
                  count: totals.count,
                  n: formatNumber(totals.count, lang),
                  // formatEuro keeps "1.613.519 €" on one line with its unit (a no-break space).
                  cost: formatEuro(totals.totalCost, lang),
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
        opened={confirming && canDelete}
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
