import { Popover } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { Column, SelectOption, Task } from '@solar/shared';
import type { ReactNode } from 'react';
import { useTaskCache } from '../../api/tasks-api';
import { useBoard } from '../../hooks/board-context';
import { useCellWriter } from '../../hooks/use-cell-writer';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { addRelated } from '../../lib/task-cache';
import { isTextType } from '../../lib/text-value';
import { asStrings, cellRaw } from '../../lib/values';
import { FilesPanel } from '../values/files-panel';
import { OptionList } from '../values/option-list';
import { PersonList } from '../values/person-list';
import { RelationList } from '../values/relation-list';
import { DatePanel } from './date-panel';
import classes from './grid.module.css';
import { type EditMove, TextEditor } from './text-editor';
import type { TypedAheadSource } from './use-grid-cursor';

interface CellEditorProps {
  task: Task;
  column: Column;
  related: Record<string, string>;
  seed?: string;
  /** A new record's name typed while it was being made (text cells). */
  typedAhead?: TypedAheadSource;
  onDone: (move: EditMove) => void;
}

/** The editor of the active cell, by type: typed text in place, pickers in a popover under the cell. */
export function CellEditor({ task, column, related, seed, typedAhead, onDone }: CellEditorProps) {
  const { scope } = useBoard();
  const { write, commit, remember } = useCellWriter();
  const { setOptions } = usePropertyActions();
  const change = useTaskCache(scope.board);
  const value = cellRaw(task, column.id);
  const key = column.id;
  const textType = isTextType(column.dataType);
  // Escape closes a picker wherever the focus went (an upload button that got disabled, the page).
  useWindowEvent('keydown', (event) => {
    if (!textType && event.key === 'Escape') onDone('stay');
  });

  if (textType) {
    return (
      <div className={classes.textEditor}>
        <TextEditor
          column={column}
          initial={value}
          seed={seed}
          typedAhead={typedAhead}
          onWrite={(v) => write(task, key, v).then((saved) => saved !== null)}
          onFinish={onDone}
          onSaved={(c) => remember(task, key, c.previous, c.value)}
        />
      </div>
    );
  }

  const close = () => onDone('stay');
  const onOptionsChange = (options: SelectOption[], undoLabel?: string) =>
    void setOptions(column, options, undoLabel);
  let panel: ReactNode = null;
  switch (column.dataType) {
    case 'select':
    case 'status':
    case 'multi-select': {
      const multiple = column.dataType === 'multi-select';
      panel = (
        <OptionList
          column={column}
          value={asStrings(value)}
          multiple={multiple}
          onChange={(next) => void commit(task, key, multiple ? next : (next[0] ?? null))}
          onOptionsChange={onOptionsChange}
          onDone={close}
          onEscape={close}
        />
      );
      break;
    }
    case 'person':
      panel = (
        <PersonList
          column={column}
          value={value}
          onChange={(next) => void commit(task, key, next)}
          onEscape={close}
        />
      );
      break;
    case 'relation':
      panel = (
        <RelationList
          column={column}
          value={value}
          related={related}
          selfId={task._id}
          onEscape={close}
          onChange={(ids, titles) => {
            change((data) => addRelated(data, titles));
            void commit(task, key, ids);
          }}
        />
      );
      break;
    case 'files':
      panel = (
        <FilesPanel
          column={column}
          value={value}
          projectId={task.projectId}
          onEscape={close}
          onChange={(next) => void commit(task, key, next)}
        />
      );
      break;
    case 'date':
      panel = (
        <DatePanel
          column={column}
          value={value}
          seed={seed}
          onChange={(next) => void commit(task, key, next)}
          onDone={close}
        />
      );
      break;
    default:
      return null;
  }

  return (
    <Popover
      opened
      onChange={(opened) => !opened && close()}
      onClose={close}
      position="bottom-start"
      offset={2}
      trapFocus
      returnFocus={false}
      closeOnEscape
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <div className={classes.editorAnchor} />
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        data-testid="cell-picker"
        onKeyDown={(event) => event.key === 'Escape' && close()}
      >
        {panel}
      </Popover.Dropdown>
    </Popover>
  );
}
