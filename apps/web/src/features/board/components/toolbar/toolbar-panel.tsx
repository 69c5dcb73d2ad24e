import { Button, Indicator, Popover } from '@mantine/core';
import type { ReactNode } from 'react';

interface ToolbarPanelProps {
  label: string;
  icon: ReactNode;
  /** How many settings are active (filters, sorts), shown as a dot count. */
  count?: number;
  opened: boolean;
  /** Asked to open or close; the caller may refuse (no view). */
  onToggle: (open: boolean) => void;
  children: ReactNode;
  testId: string;
}

/** A toolbar button with its settings panel in a popover. */
export function ToolbarPanel({
  label,
  icon,
  count = 0,
  opened,
  onToggle,
  children,
  testId,
}: ToolbarPanelProps) {
  return (
    <Indicator label={count} size={16} disabled={count === 0} offset={4}>
      <Popover opened={opened} onChange={onToggle} position="bottom-start" shadow="md" trapFocus withinPortal>
        <Popover.Target>
          <Button
            size="compact-sm"
            variant={count > 0 ? 'light' : 'subtle'}
            color={count > 0 ? undefined : 'gray'}
            leftSection={icon}
            onClick={() => onToggle(!opened)}
            aria-expanded={opened}
            aria-haspopup="dialog"
            data-testid={testId}
          >
            {label}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>{children}</Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
