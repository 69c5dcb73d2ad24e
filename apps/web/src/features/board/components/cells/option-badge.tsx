import type { Column } from '@solar/shared';
import { optionLabel } from '../../lib/values';
import classes from './cells.module.css';

/** A select, multi-select or status value as a coloured pill (plain markup: grids render thousands). */
export function OptionBadge({ column, value }: { column: Column; value: string }) {
  const option = column.options?.find((o) => o.value === value);
  return (
    <span className={classes.pill} style={{ backgroundColor: option?.backgroundColor ?? '#e3e2e0' }}>
      {column.dataType === 'status' && <span aria-hidden className={classes.dot} />}
      <span className={classes.pillText}>{optionLabel(column, value)}</span>
    </span>
  );
}
