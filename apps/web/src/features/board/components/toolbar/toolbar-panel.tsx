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

/**
 * The widest a panel may be: the viewport less a margin each side, so on a phone it stays on the screen
 * (its rows wrap) and every control in it, up to a row's remove button, can be seen and reached.
 */
export const PANEL_MAX_WIDTH = 'calc(100vw - 16px)';
/** The room inside a panel at most (less the dropdown's padding and border): the panels' minimum widths give way to it. */
export const PANEL_CONTENT_MAX = 'calc(100vw - 50px)';

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
      <Popover
        opened={opened}
        onChange={onToggle}
        position="bottom-start"
        shadow="md"
        trapFocus
        withinPortal
        // Kept 8 px from the viewport's edges, like its maximum width.
        middlewares={{ shift: { padding: 8 } }}
      >
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
        <Popover.Dropdown maw={PANEL_MAX_WIDTH}>{children}</Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
