import { Badge } from '@mantine/core';
import type { Column } from '@solar/shared';
import { optionLabel } from '../../lib/values';

/** A select, multi-select or status value as a coloured pill. */
export function OptionBadge({ column, value }: { column: Column; value: string }) {
  const option = column.options?.find((o) => o.value === value);
  return (
    <Badge
      variant="filled"
      radius="sm"
      size="md"
      c="dark.7"
      fw={500}
      style={{ backgroundColor: option?.backgroundColor ?? '#e3e2e0', flexShrink: 0, maxWidth: '100%' }}
      leftSection={
        column.dataType === 'status' ? (
          <span
            aria-hidden
            style={{
              width: 7,
              height: 7,
              borderRadius: 7,
              background: 'currentColor',
              opacity: 0.5,
              display: 'inline-block',
            }}
          />
        ) : undefined
      }
    >
      {optionLabel(column, value)}
    </Badge>
  );
}
