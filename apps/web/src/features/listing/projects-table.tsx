import { Badge, UnstyledButton } from '@mantine/core';
import { formatDate, formatEuro, formatNumber, type Language, type Stage } from '@solar/shared';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconCube,
  IconExternalLink,
  IconLock,
  IconStarFilled,
} from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SavedSortColumn, SortOrder } from '../../api/projects';
import { currentLanguage } from '../../i18n';
import { buildingFactLabel } from '../../lib/building-labels';
import { observeScrollerRect, scrollAfterMount } from '../../lib/virtual-scroller';
import classes from './listing.module.css';
import type de from './locales/de.json';

/**
 * Every row is this tall (`.td` fixes the height and keeps its text on one line), so the virtualizer
 * does not measure rows: measuring each one as it mounted forced a layout in the middle of React's
 * commit (30 ms of the first page's long task). The e2e suite checks the height.
 */
const ROW_HEIGHT = 48;

export const STAGE_COLORS: Record<Stage, string> = {
  ACQUISITION: 'gray',
  OFFER_PROVIDED: 'blue',
  INSTALLER_SIGNED: 'teal',
  PROJECT_REALIZED: 'green',
  OFFER_NOT_ACCEPTED: 'red',
};

/**
 * A stage as Mantine's light badge draws it (its classes, its colour variables), without the
 * component. The cells are plain elements in Mantine's look: as Mantine components (text, badge,
 * anchors, groups, a checkbox) twenty rows were some two hundred components to render, style and
 * lay out in the task that shows the listing's first page.
 */
function StageBadge({
  stage,
  children,
  ...rest
}: {
  stage: Stage;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const color = STAGE_COLORS[stage];
  const style = {
    '--badge-bg': `var(--mantine-color-${color}-light)`,
    '--badge-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <span
      // Mantine's static class names too: app/global.css darkens a light badge's text by them.
      className={`${Badge.classes.root} mantine-Badge-root ${classes.badge}`}
      data-variant="light"
      style={style}
      {...rest}
    >
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{children}</span>
    </span>
  );
}

/**
 * One listing row: a saved project, or a quote (ADMIN's and CITY_ADMIN's list, an installer's nearby
 * requests: `projectId` set where the company saved it).
 */
export interface ListingRow {
  _id: string;
  /** The company project to open on the project view; null for a quote the company has not saved. */
  projectId: string | null;
  shortId: string;
  version: number;
  address: string;
  city: string;
  projectStatus: Stage | null;
  roofType: string;
  buildingType: string;
  status: string;
  people: number;
  pricePerKwh: number;
  feedInTariff: number;
  consumption: number;
  totalCost: number;
  rating: number;
  customer: { firstName: string; lastName: string; email: string } | null;
  responsiblePerson: string | null;
  date: string;
}

/**
 * What the table lists: the company's projects, every visible quote read-only (ADMIN, CITY_ADMIN), or an
 * installer's nearby requests, each to save as a project or open.
 */
export type ListingVariant = 'projects' | 'quotes' | 'nearby';

/** What a cell renders with (useCellContext). */
export interface CellContext {
  t: TFunction<['listing', 'pipeline', 'customer']>;
  newTab: string;
  lang: Language;
  /** The row's 3D planning page; none where the list does not link it. */
  planningUrl?: (row: ListingRow) => string | null;
  /** The action cell's content, where it is more than the link to the project. */
  renderAction?: (row: ListingRow) => ReactNode;
}

/** The customer's name as one text ('' where the caller may not see it). */
export function customerName(row: Pick<ListingRow, 'customer'>): string {
  return [row.customer?.firstName, row.customer?.lastName].filter(Boolean).join(' ');
}

/** A customer's name and e-mail link, as a nearby request's row and card show them once it is saved. */
export function NameAndEmail({ name, email }: { name: string; email?: string | null }) {
  return (
    <>
      {name || '–'}
      {email && (
        <>
          {' · '}
          <a href={`mailto:${email}`} className={classes.link}>
            {email}
          </a>
        </>
      )}
    </>
  );
}

/** A listing column, as the locales name it. */
export type ColumnId = keyof (typeof de)['columns'];

interface Column {
  id: ColumnId;
  width: number;
  sort?: SavedSortColumn;
  align?: 'right';
  render: (row: ListingRow, ctx: CellContext) => ReactNode;
}

const COLUMNS: Column[] = [
  {
    id: 'address',
    width: 260,
    render: (row) => (
      <span className={`${classes.truncate} ${classes.address}`} title={row.address}>
        {row.address}
      </span>
    ),
  },
  { id: 'city', width: 130, sort: 'city', render: (row) => row.city },
  {
    id: 'shortId',
    width: 120,
    render: (row) => <span className={classes.mono}>{row.shortId}</span>,
  },
  {
    id: 'stage',
    width: 230,
    render: (row, { t }) =>
      row.projectStatus ? (
        <StageBadge stage={row.projectStatus} data-testid="cell-stage">
          {t(`pipeline:stage.${row.projectStatus}`)}
        </StageBadge>
      ) : (
        '–'
      ),
  },
  // In the user's language (the quote request form's labels); a value outside those lists as it is.
  // The widths below fit the longest header and label in German, English and Spanish ('Holandés
  // (gambrel)', 'Administration building', 'Angebot nicht angenommen'): a cut label has no tooltip.
  {
    id: 'roofType',
    width: 170,
    render: (row) => buildingFactLabel('roofTypes', row.roofType),
  },
  {
    id: 'buildingType',
    width: 190,
    render: (row) => buildingFactLabel('buildingTypes', row.buildingType),
  },
  {
    id: 'status',
    width: 230,
    render: (row, { t }) => t(`pipeline:quoteStatus.${row.status}`, { defaultValue: row.status }),
  },
  { id: 'people', width: 90, align: 'right', render: (row, { lang }) => formatNumber(row.people, lang) },
  {
    id: 'pricePerKwh',
    width: 130,
    align: 'right',
    render: (row, { lang }) => formatEuro(row.pricePerKwh, lang, 3),
  },
  {
    id: 'feedInTariff',
    width: 160,
    align: 'right',
    render: (row, { lang }) => formatEuro(row.feedInTariff, lang, 4),
  },
  {
    id: 'consumption',
    width: 140,
    sort: 'consumption',
    align: 'right',
    render: (row, { t, lang }) => t('kwh', { value: formatNumber(row.consumption, lang) }),
  },
  {
    id: 'totalCost',
    // 'Gesamtkosten (€)' and the sort arrow.
    width: 175,
    sort: 'totalCost',
    align: 'right',
    render: (row, { lang }) => (
      <span data-testid="cell-totalCost" data-value={row.totalCost}>
        {formatEuro(row.totalCost, lang)}
      </span>
    ),
  },
  { id: 'firstName', width: 120, render: (row) => row.customer?.firstName || '–' },
  { id: 'lastName', width: 120, render: (row) => row.customer?.lastName || '–' },
  {
    id: 'email',
    width: 250,
    render: (row) =>
      row.customer?.email ? (
        <a href={`mailto:${row.customer.email}`} className={`${classes.link} ${classes.truncate}`}>
          {row.customer.email}
        </a>
      ) : (
        '–'
      ),
  },
  {
    id: 'rating',
    // "Bewertung" and the sort arrow whole (110 cut them).
    width: 130,
    sort: 'rating',
    render: (row, { lang }) => (
      <span className={classes.inline}>
        <IconStarFilled size={14} aria-hidden className={classes.star} />
        {formatNumber(row.rating, lang, 1)}
      </span>
    ),
  },
  {
    id: 'responsiblePerson',
    width: 190,
    render: (row, { t }) =>
      row.responsiblePerson ?? <span className={classes.dimmed}>{t('unassigned')}</span>,
  },
  {
    id: 'date',
    width: 110,
    sort: 'date',
    render: (row, { lang }) => <time dateTime={row.date}>{formatDate(row.date, lang)}</time>,
  },
  // A nearby request: who asked shows once the company has saved it (the server sends no customer before).
  {
    id: 'customer',
    width: 280,
    render: (row, { t }) => {
      const name = customerName(row);
      if (!row.customer) {
        return (
          <span className={`${classes.dimmed} ${classes.inline}`} data-testid="customer-hidden">
            <IconLock size={14} aria-hidden />
            {t('customerHidden')}
          </span>
        );
      }
      return (
        <span className={classes.truncate} title={[name, row.customer.email].filter(Boolean).join(' · ')}>
          <NameAndEmail name={name} email={row.customer.email} />
        </span>
      );
    },
  },
  {
    id: 'action',
    width: 100,
    render: (row, { t, renderAction }) =>
      renderAction ? (
        renderAction(row)
      ) : row.projectId ? (
        <Link
          to={`/projectview?projectId=${encodeURIComponent(row.projectId)}`}
          className={`${classes.link} ${classes.inline}`}
          aria-label={t('openProject', { address: row.address })}
          data-testid="open-project"
        >
          <IconExternalLink size={14} aria-hidden />
          {t('open')}
        </Link>
      ) : (
        '–'
      ),
  },
  {
    id: 'planning3d',
    width: 140,
    render: (row, ctx) => {
      const url = ctx.planningUrl?.(row);
      if (!url) return '–';
      return (
        <a
          href={url}
          target="_blank"
          rel="noopener"
          className={`${classes.link} ${classes.inline}`}
          aria-label={`${ctx.t('open3d', { address: row.address })} (${ctx.newTab})`}
          data-testid="open-3d"
        >
          <IconCube size={14} aria-hidden />
          {ctx.t('planning3d')}
        </a>
      );
    },
  },
];

const COLUMN_BY_ID = new Map(COLUMNS.map((c) => [c.id, c]));

/** One column's content for `row`, as the table's cell shows it (a phone's card shows the same). */
export function renderCell(id: ColumnId, row: ListingRow, ctx: CellContext): ReactNode {
  return COLUMN_BY_ID.get(id)?.render(row, ctx) ?? null;
}

/** The context the cells (and the cards' facts) render with. */
export function useCellContext(
  planningUrl?: CellContext['planningUrl'],
  renderAction?: CellContext['renderAction'],
): CellContext {
  const { t } = useTranslation(['listing', 'pipeline', 'customer']);
  const { t: tApp } = useTranslation();
  return { t, lang: currentLanguage(), planningUrl, renderAction, newTab: tApp('common.opensInNewTab') };
}

const SELECT_WIDTH = 48;

/**
 * The columns of each variant in their order. Nearby requests put the action (save or open) and the
 * rating beside the address, where they are seen without scrolling sideways; one customer column says
 * why it is empty instead of three dashes.
 */
const VARIANT_COLUMNS: Record<ListingVariant, readonly Column['id'][]> = {
  projects: COLUMNS.map((c) => c.id).filter((id) => id !== 'customer'),
  quotes: COLUMNS.map((c) => c.id).filter(
    (id) => !['stage', 'responsiblePerson', 'action', 'customer'].includes(id),
  ),
  nearby: [
    'address',
    'action',
    'rating',
    'totalCost',
    'consumption',
    'city',
    'buildingType',
    'stage',
    'roofType',
    'status',
    'people',
    'pricePerKwh',
    'feedInTariff',
    'customer',
    'shortId',
    'date',
    'planning3d',
  ],
};
/** The save button is wider than the link to a project. */
const NEARBY_ACTION_WIDTH = 210;

function columnsOf(variant: ListingVariant): Column[] {
  return VARIANT_COLUMNS[variant].flatMap((id) => {
    const column = COLUMNS.find((c) => c.id === id);
    if (!column) return [];
    return variant === 'nearby' && id === 'action' ? [{ ...column, width: NEARBY_ACTION_WIDTH }] : [column];
  });
}
const VARIANT_TABLE: Record<ListingVariant, Column[]> = {
  projects: columnsOf('projects'),
  quotes: columnsOf('quotes'),
  nearby: columnsOf('nearby'),
};

/** The columns whose headers sort `variant`'s table (a phone's sort menu offers the same). */
export function sortColumnsOf(variant: ListingVariant): SavedSortColumn[] {
  return VARIANT_TABLE[variant].flatMap((c) => (c.sort ? [c.sort] : []));
}

interface ProjectsTableProps {
  rows: ListingRow[];
  sortColumn: SavedSortColumn;
  sortOrder: SortOrder;
  onSort: (column: SavedSortColumn) => void;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  planningUrl: (row: ListingRow) => string | null;
  busy: boolean;
  /** Quotes (ADMIN, CITY_ADMIN) have no stage, responsible person or project to open. */
  variant?: ListingVariant;
  /** The action cell's content (nearby requests: save, or open the project). */
  renderAction?: (row: ListingRow) => ReactNode;
  /** The table's name for a screen reader; the listing's title by default. */
  caption?: string;
}

/**
 * The listing table: all SPEC §3 columns, sortable headers, optional row selection. Rows are virtualized
 * (only the visible ones are in the DOM), and the table scrolls inside itself in both directions.
 */
export function ProjectsTable({
  rows,
  sortColumn,
  sortOrder,
  onSort,
  selectable,
  selected,
  onToggle,
  onToggleAll,
  planningUrl,
  busy,
  variant = 'projects',
  renderAction,
  caption,
}: ProjectsTableProps) {
  const columns = VARIANT_TABLE[variant];
  const ctx = useCellContext(planningUrl, renderAction);
  const { t } = ctx;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Render the first screenful at once, before the scroll element has been measured.
    initialRect: { width: 1200, height: 720 },
    getItemKey: (index) => rows[index]?._id ?? index,
    // Neither forces a layout of the page in the task that shows the first rows (lib/virtual-scroller).
    observeElementRect: observeScrollerRect,
    scrollToFn: scrollAfterMount,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = columns.length + (selectable ? 1 : 0);
  const tableWidth = columns.reduce((sum, c) => sum + c.width, 0) + (selectable ? SELECT_WIDTH : 0);
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));
  const someSelected = !allSelected && rows.some((row) => selected.has(row._id));

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      data-busy={busy || undefined}
      aria-busy={busy}
      data-testid="listing-scroller"
    >
      <table
        className={classes.table}
        style={{ width: tableWidth, minWidth: '100%' }}
        aria-rowcount={rows.length + 1}
        data-testid="listing-table"
      >
        <caption className={classes.caption}>{caption ?? t('title')}</caption>
        <colgroup>
          {selectable && <col style={{ width: SELECT_WIDTH }} />}
          {columns.map((c) => (
            <col key={c.id} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {selectable && (
              <th scope="col" className={classes.th}>
                <input
                  type="checkbox"
                  className={classes.check}
                  checked={allSelected}
                  ref={(input) => {
                    if (input) input.indeterminate = someSelected;
                  }}
                  onChange={onToggleAll}
                  aria-label={t('selectAll')}
                  data-testid="select-all"
                />
              </th>
            )}
            {columns.map((c) => {
              const label = t(`columns.${c.id}`);
              const active = c.sort !== undefined && c.sort === sortColumn;
              const ariaSort = active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={c.id}
                  scope="col"
                  className={classes.th}
                  style={{ textAlign: c.align ?? 'left' }}
                  aria-sort={c.sort ? (ariaSort ?? 'none') : undefined}
                >
                  {c.sort ? (
                    <UnstyledButton
                      className={classes.sortButton}
                      data-active={active || undefined}
                      onClick={() => c.sort && onSort(c.sort)}
                      title={t('sort.by', { column: label })}
                      data-testid={`sort-${c.sort}`}
                    >
                      <span>{label}</span>
                      {active ? (
                        sortOrder === 'asc' ? (
                          <IconArrowUp size={14} aria-hidden />
                        ) : (
                          <IconArrowDown size={14} aria-hidden />
                        )
                      ) : (
                        <IconArrowsSort size={14} aria-hidden className={classes.sortIdle} />
                      )}
                    </UnstyledButton>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden style={{ height: paddingTop }}>
              <td colSpan={columnCount} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const isSelected = selected.has(row._id);
            return (
              <tr
                key={item.key}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                aria-selected={selectable ? isSelected : undefined}
                className={classes.row}
                data-selected={isSelected || undefined}
                data-testid="listing-row"
                data-id={row._id}
                data-rating={row.rating}
                data-stage={row.projectStatus ?? undefined}
              >
                {selectable && (
                  <td className={classes.td}>
                    <input
                      type="checkbox"
                      className={classes.check}
                      checked={isSelected}
                      onChange={() => onToggle(row._id)}
                      aria-label={t('selectRow', { address: row.address })}
                      data-testid="select-row"
                    />
                  </td>
                )}
                {columns.map((c) => (
                  <td
                    key={c.id}
                    className={classes.td}
                    style={{ textAlign: c.align ?? 'left' }}
                    data-column={c.id}
                  >
                    {c.render(row, ctx)}
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden style={{ height: paddingBottom }}>
              <td colSpan={columnCount} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
