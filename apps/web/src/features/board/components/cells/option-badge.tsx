import type { Column } from '@solar/shared';
import { optionLabel } from '../../lib/values';
import classes from './cells.module.css';

/**
 * A select, multi-select or status value as a coloured pill: plain markup, one element (two for a
 * status, whose dot is a `::before`), since the grid draws thousands while scrolling.
 */
export function OptionBadge({ column, value }: { column: Column; value: string }) {
  const option = column.options?.find((o) => o.value === value);
  const style = { backgroundColor: option?.backgroundColor ?? '#e3e2e0' };
  const label = optionLabel(column, value);
  return column.dataType === 'status' ? (
    <span className={`${classes.pill} ${classes.status}`} style={style}>
      <span className={classes.pillText}>{label}</span>
    </span>
  ) : (
    <span className={classes.pill} style={style}>
      {label}
    </span>
  );
}
