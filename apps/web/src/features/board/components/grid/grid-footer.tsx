import { Button, Group, Text } from '@mantine/core';
import { formatNumber } from '@solar/shared';
import { IconPlus } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { NamedLoader } from '../../../../layout/named-loader';
import classes from './grid.module.css';

interface GridFooterProps {
  shown: number;
  total: number;
  loadingMore: boolean;
  /** Adds a record (absent on /projects, whose records come from the saved projects). */
  onAdd?: () => void;
}

/** Below the records: '+ New' and how many records are loaded of how many (memoised: not per scroll). */
export const GridFooter = memo(function GridFooter({ shown, total, loadingMore, onAdd }: GridFooterProps) {
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
        <Text size="xs" c="gray.7" aria-live="polite" data-testid="grid-count">
          {t('grid.count', { shown: formatNumber(shown, lang), total: formatNumber(total, lang) })}
        </Text>
        {loadingMore && <NamedLoader size="xs" label={t('grid.loadingMore')} />}
      </Group>
    </div>
  );
});
