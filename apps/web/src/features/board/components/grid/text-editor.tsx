import { Textarea, TextInput } from '@mantine/core';
import { CONSTANTS, type Column } from '@solar/shared';
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { createDebouncedSaver } from '../../lib/debounced-saver';
import { createEditWrites } from '../../lib/edit-writes';
import { notifyFailure } from '../../lib/notify';
import { DEBOUNCED_TYPES, editorText, type TextError, valueOfText } from '../../lib/text-value';
import { sameValue } from '../../lib/values';
import type { TypedAheadSource } from './use-grid-cursor';

/** Where the active cell goes after an edit. */
export type EditMove = 'stay' | 'next' | 'prev';

interface TextEditorProps {
  column: Column;
  initial: unknown;
  /** A character typed on the cell that started the edit (replaces the text). */
  seed?: string;
  /**
   * A new record's name typed while it was being made: read when the editor renders, taken once it
   * is mounted and focused (keys typed in between still reach it); an Enter among them saves.
   */
  typedAhead?: TypedAheadSource;
  /**
   * Saves a value (no undo entry): called by the 1 s debounce and on Enter or blur; resolves with
   * whether the server kept it.
   */
  onWrite: (value: unknown) => Promise<boolean>;
  /** The edit is over (the editor may close). */
  onFinish: (move: EditMove) => void;
  /**
   * After the edit, once its writes settled, when one was saved: `previous` and the newest saved
   * `value` give the undo entry (a write that failed is never undoable).
   */
  onSaved: (change: { previous: unknown; value: unknown }) => void;
}

/**
 * The grid's text editor (title, text, number, url, email, phone): SPEC §5 saves on Enter (not
 * Shift+Enter) or blur, and 1 s after typing stops; Escape restores the value it started with.
 */
export function TextEditor({
  column,
  initial,
  seed,
  typedAhead,
  onWrite,
  onFinish,
  onSaved,
}: TextEditorProps) {
  const { t } = useTranslation('board');
  const lang = currentLanguage();
  // A number starts in the UI language's pattern with all its digits, so Enter on it changes nothing.
  const [text, setText] = useState(
    () => seed ?? (typedAhead?.peek() || editorText(column.dataType, initial, lang)),
  );
  const [error, setError] = useState<string | null>(null);
  const write = useRef(onWrite);
  write.current = onWrite;
  const writes = useMemo(() => createEditWrites(), []);
  // The value when the edit began (the cell shows each write at once, which changes `initial`).
  const start = useRef(initial).current;
  const saver = useMemo(
    () =>
      createDebouncedSaver<unknown>(initial, (v) => writes.track(v, write.current(v)), {
        delay: CONSTANTS.valueSaveDebounceMs,
        equals: sameValue,
      }),
    [initial, writes],
  );
  const done = useRef(false);
  const debounced = DEBOUNCED_TYPES.includes(column.dataType);
  const errorText = (code: TextError) => t(`errors.${code}`);

  // A row scrolled out of the grid unmounts its editor: what was typed is still saved.
  useEffect(() => () => void (done.current || saver.flush()), [saver]);

  const finish = (move: EditMove, how: 'save' | 'cancel' | 'blur') => {
    if (done.current) return;
    if (how === 'cancel') {
      saver.cancel();
    } else {
      const parsed = valueOfText(column.dataType, text, lang);
      if ('error' in parsed) {
        if (how !== 'blur') {
          setError(errorText(parsed.error));
          return;
        }
        // Left with text that is no value (a click elsewhere): nothing is saved, and the toast names
        // the field and repeats what was typed.
        notifyFailure(
          `${errorText(parsed.error)}. ${t('messages.typedValue')} ${text.trim().slice(0, 200)}`,
          t('messages.saveFailed', { name: column.label }),
        );
        saver.cancel();
      } else {
        saver.change(parsed.value);
        saver.flush();
      }
    }
    done.current = true;
    onFinish(move);
    void writes.settled().then((saved) => {
      if (saved) onSaved({ previous: start, value: saved.value });
    });
  };

  // Mounted with the focus: the keys typed ahead are this editor's now (read above, when it rendered;
  // no key can come between). An Enter typed ahead saves the name at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the editor is mounted
  useLayoutEffect(() => {
    const typed = typedAhead?.take();
    if (typed?.enter && text.trim()) finish('stay', 'save');
  }, []);

  const onChange = (next: string) => {
    setText(next);
    const parsed = valueOfText(column.dataType, next, lang);
    setError('error' in parsed ? errorText(parsed.error) : null);
    if (debounced && !('error' in parsed)) saver.change(parsed.value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      finish('stay', 'save');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish('stay', 'cancel');
    } else if (event.key === 'Tab') {
      event.preventDefault();
      finish(event.shiftKey ? 'prev' : 'next', 'save');
    }
  };

  const common = {
    value: text,
    error,
    'aria-label': column.label,
    autoFocus: true,
    'data-autofocus': true,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
    onKeyDown,
    onBlur: () => finish('stay', 'blur'),
    // The caret after the value, as a spreadsheet's editor opens. Every editor is a text field for
    // this (an e-mail field would refuse it: no selection API; its keyboard comes from `inputMode`).
    onFocus: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      const end = event.currentTarget.value.length;
      event.currentTarget.setSelectionRange(end, end);
    },
    'data-testid': 'cell-editor',
  };

  return column.dataType === 'text' ? (
    <Textarea {...common} autosize minRows={1} maxRows={8} variant="unstyled" px={8} />
  ) : (
    <TextInput
      {...common}
      variant="unstyled"
      px={8}
      inputMode={INPUT_MODES[column.dataType]}
      type={column.dataType === 'phone' ? 'tel' : 'text'}
      autoComplete="off"
    />
  );
}

/** The on-screen keyboard each kind of value wants (the fields stay `text`, see `onFocus`). */
const INPUT_MODES: Partial<Record<string, 'decimal' | 'email' | 'url'>> = {
  number: 'decimal',
  email: 'email',
  url: 'url',
};
