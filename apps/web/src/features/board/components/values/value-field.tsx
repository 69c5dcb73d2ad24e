import { Checkbox, Popover, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import type { Column, SelectOption } from '@solar/shared';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { useInvalidReport } from '../../hooks/use-invalid-report';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { editorText, valueOfText } from '../../lib/text-value';
import { asStrings, checkboxValue, isChecked, isEmpty, sameValue } from '../../lib/values';
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
  /** A message about the value from elsewhere (the server's refusal), shown under the field. */
  error?: string;
  /**
   * Told true while the typed text is no value of the type (a number, a date, a link), which
   * `onChange` never reports, and false once it is one again or the field goes: a form must not save
   * the last value reported as if it were the text on screen.
   */
  onInvalid?: (invalid: boolean) => void;
  /**
   * Marked `data-autofocus`: the form's focus trap (the record drawer's) focuses it when the form
   * opens. Never focused later (no `autoFocus`), so a field that becomes the first one while the form
   * is open (a colleague's change) does not take the focus from where the user is.
   */
  focusOnOpen?: boolean;
}

/**
 * Typed text with its rule (numbers in the UI language's pattern, http links): reports valid values,
 * and `onInvalid` while not. Exported for its tests.
 */
export function TextField({
  column,
  value,
  onChange,
  label,
  error: outside,
  onInvalid,
  focusOnOpen,
}: ValueFieldProps) {
  const { t } = useTranslation('board');
  const lang = currentLanguage();
  const [text, setText] = useState(() => editorText(column.dataType, value, lang));
  const [error, setError] = useState<string | null>(null);
  // A value set from outside (a colleague's, taken back) replaces the text, and its error with it.
  // The value this field just reported comes back here too: text that already reads as it stays as
  // typed (a German `1.2` on its way to `1.234,5` must not turn into `1,2`).
  const [shown, setShown] = useState(value);
  if (!sameValue(shown, value)) {
    setShown(value);
    const typed = valueOfText(column.dataType, text, lang);
    if (!('value' in typed && sameValue(typed.value, value))) {
      setText(editorText(column.dataType, value, lang));
      setError(null);
    }
  }
  useInvalidReport(error !== null, onInvalid);
  const change = (next: string) => {
    setText(next);
    const parsed = valueOfText(column.dataType, next, lang);
    if ('error' in parsed) setError(t(`errors.${parsed.error}`));
    else {
      setError(null);
      onChange(parsed.value);
    }
  };
  const props = {
    'aria-label': label,
    'data-autofocus': focusOnOpen || undefined,
    value: text,
    error: error ?? outside,
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
  error,
  focusOnOpen,
  children,
}: {
  label: string;
  value: unknown;
  column: Column;
  related?: Record<string, string>;
  error?: string;
  focusOnOpen?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const { t } = useTranslation('board');
  const [opened, setOpened] = useState(false);
  const errorId = useId();
  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        trapFocus
        withinPortal
      >
        <Popover.Target>
          <UnstyledButton
            className={classes.picker}
            onClick={() => setOpened((o) => !o)}
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            aria-describedby={error ? errorId : undefined}
            data-autofocus={focusOnOpen || undefined}
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
      {error && (
        <Text id={errorId} size="xs" c="var(--mantine-color-error)" mt={4}>
          {error}
        </Text>
      )}
    </>
  );
}

/** An editable value in a form (the record drawer, bulk edit), by type. */
export function ValueField(props: ValueFieldProps) {
  const { column, value, onChange, label, error, focusOnOpen } = props;
  const { setOptions } = usePropertyActions();
  const onOptionsChange = (options: SelectOption[], undoLabel?: string) =>
    void setOptions(column, options, undoLabel);
  switch (column.dataType) {
    case 'checkbox':
      return (
        <Checkbox
          aria-label={label}
          data-autofocus={focusOnOpen || undefined}
          error={error}
          checked={isChecked(value)}
          onChange={(e) => onChange(checkboxValue(e.currentTarget.checked))}
        />
      );
    case 'date':
      return (
        <DateField
          label={label}
          value={value}
          onChange={onChange}
          error={error}
          onInvalid={props.onInvalid}
          focusOnOpen={focusOnOpen}
        />
      );
    case 'select':
    case 'status':
    case 'multi-select': {
      const multiple = column.dataType === 'multi-select';
      return (
        <PickerField label={label} value={value} column={column} error={error} focusOnOpen={focusOnOpen}>
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
        <PickerField label={label} value={value} column={column} error={error} focusOnOpen={focusOnOpen}>
          {(close) => <PersonList column={column} value={value} onChange={onChange} onEscape={close} />}
        </PickerField>
      );
    case 'relation':
      return (
        <PickerField
          label={label}
          value={value}
          column={column}
          related={props.related}
          error={error}
          focusOnOpen={focusOnOpen}
        >
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
        <PickerField label={label} value={value} column={column} error={error} focusOnOpen={focusOnOpen}>
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
