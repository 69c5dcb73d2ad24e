import { Menu, UnstyledButton } from '@mantine/core';
import {
  type Calculation,
  type Calculations,
  type CalculationValue,
  type Column,
  calculationsFor,
} from '@solar/shared';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalculationText } from '../../hooks/use-calculation-text';
import { TITLE_KEY } from '../../lib/columns';
import { AriaCell, AriaRow, AriaRowGroup } from './aria';
import classes from './grid.module.css';

/** The summary row's height; the grid keeps this much room below a record it scrolls to. */
export const SUMMARY_HEIGHT = 33;

interface GridSummaryProps {
  columns: Column[];
  widths: number[];
  /** The row's place among the grid's rows (after the header and every record). */
  rowIndex: number;
  /** The calculation chosen for each shown column. */
  calculations: Calculations;
  /** The results, by column; undefined until the first answer. */
  values: Record<string, CalculationValue> | undefined;
  /** A newer answer is on its way (the shown results are older). */
  refreshing: boolean;
  failed: boolean;
  onChoose: (column: Column, calc: Calculation | null) => void;
}

/**
 * The table's summary row (docs/board.md "Calculations"), sticky at the grid's bottom: each column's
 * calculation over every record of the view, not only the loaded ones, chosen from the cell's menu.
 * Memoised with stable props: scrolling renders the rows, not this row.
 */
export const GridSummary = memo(function GridSummary(props: GridSummaryProps) {
  return (
    <AriaRowGroup className={classes.summary} data-testid="grid-summary">
      <AriaRow aria-rowindex={props.rowIndex} style={{ display: 'flex' }}>
        <AriaCell
          className={`${classes.headerCell} ${classes.summaryCell} ${classes.selectCell} ${classes.sticky}`}
          style={{ width: 44 }}
        >
          <span className={classes.summarySigma} aria-hidden>
            Σ
          </span>
        </AriaCell>
        {props.columns.map((column, col) => (
          <SummaryCell
            key={column.id}
            column={column}
            col={col}
            width={props.widths[col] ?? 200}
            calc={props.calculations[column.id]}
            value={props.values?.[column.id]}
            loading={props.values === undefined && !props.failed}
            refreshing={props.refreshing}
            failed={props.failed}
            onChoose={props.onChoose}
          />
        ))}
      </AriaRow>
    </AriaRowGroup>
  );
});

interface SummaryCellProps {
  column: Column;
  col: number;
  width: number;
  calc: Calculation | undefined;
  value: CalculationValue | undefined;
  loading: boolean;
  refreshing: boolean;
  failed: boolean;
  onChoose: (column: Column, calc: Calculation | null) => void;
}

function SummaryCell({
  column,
  col,
  width,
  calc,
  value,
  loading,
  refreshing,
  failed,
  onChoose,
}: SummaryCellProps) {
  const { t } = useTranslation('board');
  const textOf = useCalculationText();
  const offered = calculationsFor(column.dataType);
  const isTitle = column.id === TITLE_KEY;
  const className = `${classes.headerCell} ${classes.summaryCell} ${isTitle ? classes.stickyTitle : ''}`;
  if (offered.length === 0)
    return <AriaCell aria-colindex={col + 2} className={className} style={{ width }} />;
  const result = calc ? (failed ? t('calc.failed') : loading ? '…' : textOf(calc, value, column)) : '';
  const label = calc ? t(`calc.short.${calc}`) : t('calc.choose');
  return (
    <AriaCell
      aria-colindex={col + 2}
      className={className}
      style={{ width }}
      data-testid={`summary-${column.id}`}
    >
      {/* Below the row when there is room, else above it; never taller than the room (it scrolls). */}
      <Menu
        position="bottom-end"
        withinPortal
        shadow="md"
        width={240}
        middlewares={{ flip: true, shift: true, size: { padding: 8 } }}
      >
        <Menu.Target>
          <UnstyledButton
            className={`${classes.headerButton} ${classes.summaryButton}`}
            data-set={calc ? true : undefined}
            data-refreshing={(calc && refreshing) || undefined}
            aria-label={
              calc
                ? t('calc.cellLabel', { name: column.label, calc: t(`calc.names.${calc}`), value: result })
                : t('calc.chooseFor', { name: column.label })
            }
          >
            <span className={classes.summaryLabel}>{label}</span>
            {calc ? (
              <span className={classes.summaryValue} data-failed={failed || undefined}>
                {result}
              </span>
            ) : (
              <IconChevronDown size={12} aria-hidden />
            )}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown style={{ overflowY: 'auto' }}>
          <Menu.Label>{t('calc.menuTitle', { name: column.label })}</Menu.Label>
          <Menu.Item
            onClick={() => onChoose(column, null)}
            rightSection={calc ? null : <IconCheck size={14} aria-hidden />}
          >
            {t('calc.none')}
          </Menu.Item>
          {offered.map((c) => (
            <Menu.Item
              key={c}
              onClick={() => onChoose(column, c)}
              rightSection={c === calc ? <IconCheck size={14} aria-hidden /> : null}
              aria-current={c === calc || undefined}
            >
              {t(`calc.names.${c}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </AriaCell>
  );
}
