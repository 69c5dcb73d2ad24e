import { Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './listing.module.css';
import {
  type ColumnId,
  type ListingRow,
  type ListingVariant,
  renderCell,
  useCellContext,
} from './projects-table';

/**
 * The table's figures each card shows, two to a line, in the table's own rendering (renderCell). The
 * columns a card shows elsewhere (address, city, short ID, rating, stage, customer) are not repeated.
 */
const CARD_FACTS: Record<ListingVariant, readonly ColumnId[]> = {
  projects: ['totalCost', 'consumption', 'buildingType', 'people', 'responsiblePerson', 'date'],
  quotes: ['totalCost', 'consumption', 'buildingType', 'people', 'status', 'date'],
  nearby: ['totalCost', 'consumption', 'buildingType', 'people', 'status', 'date'],
};

interface ListingCardsProps {
  rows: ListingRow[];
  /** Which list: the facts and the customer line follow the table's columns of the same variant. */
  variant: ListingVariant;
  /** Each card's action (save, or open the project), full width at its foot; none for read-only quotes. */
  renderAction?: (row: ListingRow) => ReactNode;
  /** The list's name for a screen reader. */
  label: string;
  busy: boolean;
  /** A checkbox on each card, as the table's rows have (deleting projects). */
  selectable?: boolean;
  selected?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
  /** The row's 3D planning page, linked at the card's foot as the table's column links it; none without. */
  planningUrl?: (row: ListingRow) => string | null;
}

/**
 * The listing on a phone (under 787 px), one card per row, where the table would need scrolling
 * sideways: the address, the rating, the stage, the figures an installer decides by, the customer,
 * and the card's action (save the request, open the project) in view.
 */
export function ListingCards({
  rows,
  variant,
  renderAction,
  label,
  busy,
  selectable = false,
  selected,
  onToggle,
  planningUrl,
}: ListingCardsProps) {
  const ctx = useCellContext(planningUrl);
  const { t } = ctx;
  const facts = CARD_FACTS[variant];
  return (
    <Stack
      gap="sm"
      role="list"
      aria-label={label}
      aria-busy={busy}
      className={classes.cards}
      data-busy={busy || undefined}
      data-testid="listing-cards"
    >
      {rows.map((row) => {
        const isSelected = selected?.has(row._id) ?? false;
        return (
          <Paper
            key={row._id}
            withBorder
            p="sm"
            role="listitem"
            className={classes.card}
            data-selected={isSelected || undefined}
            data-testid="listing-row"
            data-id={row._id}
            data-rating={row.rating}
            data-stage={row.projectStatus ?? undefined}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group wrap="nowrap" align="flex-start" gap="xs" miw={0}>
                  {selectable && (
                    <input
                      type="checkbox"
                      className={`${classes.check} ${classes.cardCheck}`}
                      checked={isSelected}
                      onChange={() => onToggle?.(row._id)}
                      aria-label={t('selectRow', { address: row.address })}
                      data-testid="select-row"
                    />
                  )}
                  <div style={{ minWidth: 0 }}>
                    {/* A street or city name without spaces (as a household may type it) wraps within the card. */}
                    <Text fw={700} size="sm" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                      {row.address}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {row.city} · {renderCell('shortId', row, ctx)}
                    </Text>
                  </div>
                </Group>
                <span>
                  <VisuallyHidden>{t('columns.rating')}:</VisuallyHidden>
                  {renderCell('rating', row, ctx)}
                </span>
              </Group>
              {row.projectStatus && <div>{renderCell('stage', row, ctx)}</div>}
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                {facts.map((id) => (
                  <div key={id} className={classes.fact} data-column={id}>
                    <Text size="xs" c="dimmed">
                      {t(`columns.${id}`)}
                    </Text>
                    <Text size="sm" fw={600} component="div">
                      {renderCell(id, row, ctx)}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
              {/* A nearby request says why its customer is not shown yet; other lists show the one they have. */}
              {(row.customer || variant === 'nearby') && (
                <Text size="sm" component="div" data-column="customer">
                  {renderCell('customer', row, ctx)}
                </Text>
              )}
              {planningUrl?.(row) && (
                <Text size="sm" component="div" data-column="planning3d">
                  {renderCell('planning3d', row, ctx)}
                </Text>
              )}
              {renderAction?.(row)}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
