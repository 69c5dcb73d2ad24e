import { Button, Group, Text } from '@mantine/core';
import { formatNumber } from '@solar/shared';
import { IconPlus } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { NamedLoader } from '../../../../layout/named-loader';
import type { RangeStats } from '../../lib/range-stats';
import { formatAmount } from '../../lib/values';
import classes from './grid.module.css';

interface GridFooterProps {
  shown: number;
  total: number;
  loadingMore: boolean;
  /** Adds a record (absent on /projects, whose records come from the saved projects). */
  onAdd?: () => void;
  /** What the range of cells holds (null without a range). */
  stats: RangeStats | null;
}

/**
 * Below the records: '+ New', how many records are loaded of how many, and what a range of cells
 * holds (memoised: not per scroll).
 */
export const GridFooter = memo(function GridFooter({
  shown,
  total,
  loadingMore,
  onAdd,
  stats,
}: GridFooterProps) {
  const { t } = useTranslation('board');
  const lang = currentLanguage();
  return (
    <div className={classes.footer}>
      {onAdd && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAdd}
        >
          {t('grid.newRecord')}
        </Button>
      )}
      <Group gap={6}>
        {/* An empty board says so above; '0 of 0' would add nothing. */}
        {total > 0 && (
          <Text size="xs" c="gray.7" aria-live="polite" data-testid="grid-count">
            {t('grid.count', { shown: formatNumber(shown, lang), total: formatNumber(total, lang) })}
          </Text>
        )}
        {loadingMore && <NamedLoader size="xs" label={t('grid.loadingMore')} />}
      </Group>
      {stats && (
        // As a spreadsheet's status bar: how many cells of the range are filled, and their numbers.
        <Text size="xs" c="gray.7" ml="auto" aria-live="polite" data-testid="range-stats">
          {[
            t('grid.stats.count', { value: formatNumber(stats.count, lang) }),
            ...(stats.average === null
              ? []
              : [
                  t('grid.stats.sum', { value: formatAmount(stats.sum, lang) }),
                  t('grid.stats.average', { value: formatAmount(stats.average, lang) }),
                ]),
          ].join(' · ')}
        </Text>
      )}
    </div>
  );
});
