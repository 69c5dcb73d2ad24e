import { Button, Text } from '@mantine/core';
import type { Column, Task } from '@solar/shared';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WRAPPING_BUTTON } from '../../../../lib/wrapping-button';
import { useCellWriter } from '../../hooks/use-cell-writer';
import { isEditable } from '../../lib/columns';
import { propertyField } from '../../lib/record-problems';
import { cellRaw, isEmpty } from '../../lib/values';
import { CellView } from '../cells/cell-view';
import { ButtonCell } from '../grid/button-cell';
import { PropertyIcon } from '../properties/property-icon';
import { ValueField } from '../values/value-field';
import { ConflictNote } from './conflict-note';
import classes from './drawer.module.css';

interface RecordFieldsProps {
  columns: Column[];
  task: Task | null;
  values: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
  related: Record<string, string>;
  onRelated: (titles: Record<string, string>) => void;
  projectId: string | null;
  /** Properties the user edits that someone else changed meanwhile (their value shows beneath). */
  conflicts?: readonly string[];
  /** Drops the user's edit of a property in conflict. */
  onTakeTheirs?: (key: string) => void;
  /** Messages under properties by key (the server refused their values); such fields stay shown. */
  errors?: Record<string, string>;
  /** Properties whose typed text is no value of their type: they stay shown, keeping the text. */
  invalid?: readonly string[];
  /** Told when a property's typed text stops or starts being a value of its type. */
  onInvalid?: (key: string, invalid: boolean) => void;
  /**
   * The first editable field shown takes the focus when the drawer opens (the record's name is
   * read-only: a /projects record's address).
   */
  focusFirst?: boolean;
}

/** One line per property, label left and value right; empty ones behind 'Show all values' (SPEC §2). */
export function RecordFields({
  columns,
  task,
  values,
  onChange,
  related,
  onRelated,
  projectId,
  conflicts = [],
  onTakeTheirs,
  errors = NO_ERRORS,
  invalid = [],
  onInvalid,
  focusFirst = false,
}: RecordFieldsProps) {
  const { t } = useTranslation('board');
  const { press } = useCellWriter();
  const [showAll, setShowAll] = useState(task === null);
  const current = (key: string) => (key in values ? values[key] : task ? cellRaw(task, key) : undefined);
  const filled = columns.filter(
    (c) =>
      !isEmpty(current(c.id)) ||
      c.id in values ||
      c.dataType === 'checkbox' ||
      c.id in errors ||
      invalid.includes(c.id),
  );
  const shown = showAll ? columns : filled;
  const hiddenCount = columns.length - filled.length;
  const focusKey = focusFirst ? shown.find((c) => isEditable(c) && c.dataType !== 'button')?.id : undefined;

  return (
    <div data-testid="record-fields">
      {shown.map((column) => {
        const value = current(column.id);
        const editable = isEditable(column);
        const labelId = `field-${column.id.replace(/\W/g, '_')}`;
        return (
          <div
            key={column.id}
            className={classes.field}
            data-testid={`field-${column.id}`}
            data-field={propertyField(column.id)}
          >
            <div className={classes.label} id={labelId}>
              <PropertyIcon icon={column.icon} type={column.dataType} />
              <span>{column.label}</span>
            </div>
            <div className={classes.value}>
              {column.dataType === 'button' ? (
                task ? (
                  <ButtonCell task={task} column={column} onPress={press} />
                ) : (
                  <Text size="sm" c="gray.7">
                    —
                  </Text>
                )
              ) : editable ? (
                <ValueField
                  column={column}
                  value={value}
                  label={column.label}
                  onChange={(next) => onChange(column.id, next)}
                  related={related}
                  onRelated={onRelated}
                  projectId={projectId}
                  taskId={task?._id}
                  error={errors[column.id]}
                  onInvalid={onInvalid && ((bad) => onInvalid(column.id, bad))}
                  focusOnOpen={column.id === focusKey}
                />
              ) : (
                <span>
                  {isEmpty(value) && column.dataType !== 'checkbox' ? (
                    <Text size="sm" c="gray.7">
                      {t('drawer.empty')}
                    </Text>
                  ) : (
                    <CellView column={column} value={value} related={related} wrap />
                  )}
                </span>
              )}
              {task && conflicts.includes(column.id) && (
                <ConflictNote label={column.label} onTakeTheirs={() => onTakeTheirs?.(column.id)}>
                  {isEmpty(cellRaw(task, column.id)) ? (
                    t('drawer.empty')
                  ) : (
                    <CellView column={column} value={cellRaw(task, column.id)} related={related} wrap />
                  )}
                </ConflictNote>
              )}
            </div>
          </div>
        );
      })}
      {hiddenCount > 0 && (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          mt={4}
          // 'Mostrar todos los valores (3 vacíos)' is wider than the drawer on a phone: it wraps.
          styles={WRAPPING_BUTTON}
          aria-expanded={showAll}
          leftSection={
            showAll ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
          }
          onClick={() => setShowAll((s) => !s)}
        >
          {showAll ? t('drawer.hideEmpty') : t('drawer.showAll', { count: hiddenCount })}
        </Button>
      )}
    </div>
  );
}

const NO_ERRORS: Record<string, string> = {};
