import { Badge, Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatEuro, formatNumber } from '@solar/shared';
import { IconLock, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { buildingFactLabel } from '../../lib/building-labels';
import classes from './listing.module.css';
import { customerName, type ListingRow, NameAndEmail, STAGE_COLORS } from './projects-table';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {children}
      </Text>
    </div>
  );
}

interface ListingCardsProps {
  rows: ListingRow[];
  /** Each card's action (save, or open the project), full width at its foot. */
  renderAction: (row: ListingRow) => ReactNode;
  /** The list's name for a screen reader. */
  label: string;
  busy: boolean;
}

/**
 * Nearby requests on a phone (under 787 px), one card each: the address, the rating, the figures an
 * installer decides by, and the save or open button in view, where the table would need scrolling
 * sideways to reach them.
 */
export function ListingCards({ rows, renderAction, label, busy }: ListingCardsProps) {
  const { t } = useTranslation(['listing', 'pipeline']);
  const lang = currentLanguage();
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
        const name = customerName(row);
        return (
          <Paper
            key={row._id}
            withBorder
            p="sm"
            role="listitem"
            data-testid="listing-row"
            data-id={row._id}
            data-rating={row.rating}
            data-stage={row.projectStatus ?? undefined}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} size="sm" lh={1.3}>
                    {row.address}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.city} · <span className={classes.mono}>{row.shortId}</span>
                  </Text>
                </div>
                <span className={classes.inline}>
                  <IconStarFilled size={14} aria-hidden className={classes.star} />
                  <VisuallyHidden>{t('columns.rating')}:</VisuallyHidden>
                  {formatNumber(row.rating, lang, 1)}
                </span>
              </Group>
              {row.projectStatus && (
                <Badge variant="light" color={STAGE_COLORS[row.projectStatus]} className={classes.badge}>
                  {t(`pipeline:stage.${row.projectStatus}`)}
                </Badge>
              )}
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                <Fact label={t('columns.totalCost')}>{formatEuro(row.totalCost, lang)}</Fact>
                <Fact label={t('columns.consumption')}>
                  {t('kwh', { value: formatNumber(row.consumption, lang) })}
                </Fact>
                <Fact label={t('columns.buildingType')}>
                  {buildingFactLabel('buildingTypes', row.buildingType)}
                </Fact>
                <Fact label={t('columns.people')}>{formatNumber(row.people, lang)}</Fact>
              </SimpleGrid>
              {row.customer ? (
                <Text size="sm" className={classes.truncate}>
                  <NameAndEmail name={name} email={row.customer.email} />
                </Text>
              ) : (
                <Text size="xs" c="dimmed" className={classes.inline} data-testid="customer-hidden">
                  <IconLock size={14} aria-hidden />
                  {t('customerHidden')}
                </Text>
              )}
              {renderAction(row)}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
