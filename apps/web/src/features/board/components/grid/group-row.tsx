import { ActionIcon, Badge, Text } from '@mantine/core';
import type { Column } from '@solar/shared';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import type { Bucket } from '../../lib/groups';
import { formatAmount } from '../../lib/values';
import { OptionBadge } from '../cells/option-badge';
import { AriaRow, AriaRowHeader } from './aria';
import classes from './grid.module.css';

interface GroupRowProps {
  column: Column;
  bucket: Bucket;
  collapsed: boolean;
  top: number;
  sumProperty: Column | null;
  /** Collapses or expands the group of this key. */
  onToggle: (key: string) => void;
}

/**
 * A section header of a grouped table: the group's value, its count and sum; collapsible. Memoised
 * (Mantine parts): scrolling renders it again only when it moves.
 */
export const GroupRow = memo(function GroupRow({
  column,
  bucket,
  collapsed,
  top,
  sumProperty,
  onToggle,
}: GroupRowProps) {
  const { t } = useTranslation('board');
  const name = bucket.value ? bucket.label : t('groups.none', { name: column.label });
  return (
    <AriaRow className={classes.groupRow} style={{ top }} data-testid="group-row">
      <AriaRowHeader className={classes.groupInner}>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          onClick={() => onToggle(bucket.key)}
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'groups.expand' : 'groups.collapse', { name })}
        >
          {collapsed ? <IconChevronRight size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
        </ActionIcon>
        {bucket.value ? (
          <OptionBadge column={column} value={bucket.value} />
        ) : (
          <Text size="sm" c="gray.7">
            {name}
          </Text>
        )}
        <Badge variant="light" color="gray" size="sm" aria-label={t('groups.count', { count: bucket.count })}>
          {bucket.count}
        </Badge>
        {sumProperty && bucket.sum !== null && (
          <Text size="xs" c="gray.7">
            {t('groups.sum', { name: sumProperty.label, sum: formatAmount(bucket.sum, currentLanguage()) })}
          </Text>
        )}
      </AriaRowHeader>
    </AriaRow>
  );
});
