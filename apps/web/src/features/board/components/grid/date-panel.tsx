import { Box, Button, Group } from '@mantine/core';
import type { Column } from '@solar/shared';
import { useTranslation } from 'react-i18next';
import { DateField } from '../values/date-field';

interface DatePanelProps {
  column: Column;
  value: unknown;
  onChange: (value: string | null) => void;
  onDone: () => void;
  /** Characters typed on the cell that opened the editor: the start of the date. */
  seed?: string;
}

/**
 * A date typed in the UI language's pattern or picked in its calendar (saved as YYYY-MM-DD at once,
 * SPEC §5), with a clear button; opened by typing on the cell, it starts with the typed characters. Enter and Escape close it; Enter on a text that is not a date only
 * marks it (the field holds that Enter).
 */
export function DatePanel({ column, value, onChange, onDone, seed }: DatePanelProps) {
  const { t } = useTranslation('board');
  return (
    <Box
      p={8}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter' || event.key === 'Escape') {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <DateField
          label={column.label}
          size="xs"
          w={150}
          autoFocus
          seed={seed}
          value={value}
          onChange={onChange}
        />
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          mt={3}
          onClick={() => {
            onChange(null);
            onDone();
          }}
        >
          {t('actions.clear')}
        </Button>
      </Group>
    </Box>
  );
}
