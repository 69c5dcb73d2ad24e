import { Button } from '@mantine/core';
import type { Column, Task } from '@solar/shared';
import { useState } from 'react';
import { useCellWriter } from '../../hooks/use-cell-writer';

/** A button property: pressing it sets its target property on the server (PUT pressButton). */
export function ButtonCell({ task, column }: { task: Task; column: Column }) {
  const { press } = useCellWriter();
  const [busy, setBusy] = useState(false);
  const label = column.button?.label || column.label;
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={busy}
      tabIndex={-1}
      onClick={async (event) => {
        event.stopPropagation();
        setBusy(true);
        await press(task, column.id);
        setBusy(false);
      }}
      aria-label={`${label}: ${task.taskName}`}
    >
      {label}
    </Button>
  );
}
