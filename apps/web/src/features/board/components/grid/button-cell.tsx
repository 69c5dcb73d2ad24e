import { Button } from '@mantine/core';
import type { Column, Task } from '@solar/shared';
import { useState } from 'react';
import classes from './grid.module.css';

interface ButtonCellProps {
  task: Task;
  column: Column;
  /** Presses the button: the server sets its target property (useCellWriter's `press`). */
  onPress: (task: Task, key: string) => Promise<void>;
}

/**
 * A button property: pressing it sets its target property on the server (PUT pressButton). A plain
 * button styled like Mantine's compact light one (every visible row has one); Mantine's own shows
 * the loader while the press is on its way.
 */
export function ButtonCell({ task, column, onPress }: ButtonCellProps) {
  const [busy, setBusy] = useState(false);
  const label = column.button?.label || column.label;
  const ariaLabel = `${label}: ${task.taskName}`;
  if (busy) {
    return (
      <Button size="compact-xs" variant="light" loading tabIndex={-1} aria-label={ariaLabel}>
        {label}
      </Button>
    );
  }
  return (
    <button
      type="button"
      className={classes.pressButton}
      tabIndex={-1}
      onClick={async (event) => {
        event.stopPropagation();
        setBusy(true);
        await onPress(task, column.id);
        setBusy(false);
      }}
      aria-label={ariaLabel}
    >
      {label}
    </button>
  );
}
