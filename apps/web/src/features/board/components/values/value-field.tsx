import { Checkbox, Popover, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import type { Column, SelectOption } from '@solar/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { textOf, valueOfText } from '../../lib/text-value';
import { asStrings, checkboxValue, isChecked, isEmpty } from '../../lib/values';
import { CellView } from '../cells/cell-view';
import { DateField } from './date-field';
import { FilesPanel } from './files-panel';
import { OptionList } from './option-list';
import { PersonList } from './person-list';
import { RelationList } from './relation-list';
import classes from './value-field.module.css';

export interface ValueFieldProps {
  column: Column;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The input's accessible name (the label is shown beside it). */
  label: string;
  related?: Record<string, string>;
  /** Titles of records just linked (relation). */
  onRelated?: (titles: Record<string, string>) => void;
  projectId?: string | null;
  taskId?: string;
}

/** Typed text with its rule (numbers, http links), reporting only valid values. */
function TextField({ column, value, onChange, label }: ValueFieldProps) {
  const { t } = useTranslation('board');
  const [text, setText] = useState(textOf(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(textOf(value)), [value]);
  const change = (next: string) => {
    setText(next);
    const parsed = valueOfText(column.dataType, next);
    if ('error' in parsed) setError(t(parsed.error === 'number' ? 'errors.number' : 'errors.url'));
    else {
      setError(null);
      onChange(parsed.value);
    }
  };
  const props = {
    'aria-label': label,
    value: text,
    error,
    onChange: (e: { currentTarget: { value: string } }) => change(e.currentTarget.value),
  };
  if (column.dataType === 'text') return <Textarea {...props} autosize minRows={1} maxRows={10} />;
  const type =
    column.dataType === 'email'
      ? 'email'
      : column.dataType === 'phone'
        ? 'tel'
        : column.dataType === 'url'
          ? 'url'
          : 'text';
  return (
    <TextInput {...props} type={type} inputMode={column.dataType === 'number' ? 'decimal' : undefined} />
  );
}

/** A picker value: its display as a button, the picker in a popover. */
function PickerField({
  label,
  value,
  column,
  related,
  children,
}: {
  label: string;
  value: unknown;
  column: Column;
  related?: Record<string, string>;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation('board');
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <UnstyledButton
          className={classes.picker}
          onClick={() => setOpened((o) => !o)}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
        >
          {isEmpty(value) ? (
            <Text size="sm" c="gray.7">
              {t('drawer.empty')}
            </Text>
          ) : (
            <CellView column={column} value={value} related={related} wrap />
          )}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={0}>{children(() => setOpened(false))}</Popover.Dropdown>
    </Popover>
  );
}

/** An editable value in a form (the record drawer, bulk edit), by type. */
export function ValueField(props: ValueFieldProps) {
  const { column, value, onChange, label } = props;
  const { setOptions } = usePropertyActions();
  const onOptionsChange = (options: SelectOption[], undoLabel?: string) =>
    void setOptions(column, options, undoLabel);
  switch (column.dataType) {
    case 'checkbox':
      return (
        <Checkbox
          aria-label={label}
          checked={isChecked(value)}
          onChange={(e) => onChange(checkboxValue(e.currentTarget.checked))}
        />
      );
    case 'date':
      return <DateField label={label} value={value} onChange={onChange} />;
    case 'select':
    case 'status':
    case 'multi-select': {
      const multiple = column.dataType === 'multi-select';
      return (
        <PickerField label={label} value={value} column={column}>
          {(close) => (
            <OptionList
              column={column}
              value={asStrings(value)}
              multiple={multiple}
              onChange={(next) => onChange(multiple ? next : (next[0] ?? null))}
              onOptionsChange={onOptionsChange}
              onDone={close}
              onEscape={close}
            />
          )}
        </PickerField>
      );
    }
    case 'person':
      return (
        <PickerField label={label} value={value} column={column}>
          {(close) => <PersonList column={column} value={value} onChange={onChange} onEscape={close} />}
        </PickerField>
      );
    case 'relation':
      return (
        <PickerField label={label} value={value} column={column} related={props.related}>
          {(close) => (
            <RelationList
              column={column}
              value={value}
              related={props.related ?? {}}
              selfId={props.taskId}
              onEscape={close}
              onChange={(ids, titles) => {
                props.onRelated?.(titles);
                onChange(ids);
              }}
            />
          )}
        </PickerField>
      );
    case 'files':
      return (
        <PickerField label={label} value={value} column={column}>
          {() => (
            <FilesPanel
              column={column}
              value={value}
              projectId={props.projectId ?? null}
              onChange={onChange}
            />
          )}
        </PickerField>
      );
    default:
      return <TextField {...props} />;
  }
}
