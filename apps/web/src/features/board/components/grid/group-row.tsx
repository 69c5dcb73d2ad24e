import { ActionIcon, Badge, Text } from '@mantine/core';
import type { CalculationValue, Column } from '@solar/shared';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { useCalculationText } from '../../hooks/use-calculation-text';
import type { GroupCalcCell } from '../../lib/calculations';
import type { Bucket } from '../../lib/groups';
import { formatAmount } from '../../lib/values';
import { OptionBadge } from '../cells/option-badge';
import { AriaCell, AriaRow, AriaRowHeader } from './aria';
import classes from './grid.module.css';

/** The calculations a group row shows, and its group's results (undefined until the first answer). */
export interface GroupCalcs {
  cells: readonly GroupCalcCell[];
  values: Record<string, CalculationValue> | undefined;
}

interface GroupRowProps {
  column: Column;
  bucket: Bucket;
  collapsed: boolean;
  top: number;
  sumProperty: Column | null;
  /** The summary row's calculations of this group, each under its column (null when none). */
  calcs: GroupCalcs | null;
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
  calcs,
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
      {calcs?.cells.map((cell) => (
        <GroupCalc
          key={cell.column.id}
          cell={cell}
          value={calcs.values?.[cell.column.id]}
          loading={!calcs.values}
        />
      ))}
    </AriaRow>
  );
});

function GroupCalc({
  cell,
  value,
  loading,
}: {
  cell: GroupCalcCell;
  value: CalculationValue | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('board');
  const textOf = useCalculationText();
  const text = loading ? '…' : textOf(cell.calc, value, cell.column);
  return (
    <AriaCell
      aria-colindex={cell.col + 2}
      className={classes.groupCalc}
      style={{ left: cell.left, width: cell.width }}
      aria-label={t('calc.cellLabel', {
        name: cell.column.label,
        calc: t(`calc.names.${cell.calc}`),
        value: text,
      })}
    >
      <span className={classes.summaryLabel} aria-hidden>
        {t(`calc.short.${cell.calc}`)}
      </span>
      <span className={classes.summaryValue} aria-hidden>
        {text}
      </span>
    </AriaCell>
  );
}
