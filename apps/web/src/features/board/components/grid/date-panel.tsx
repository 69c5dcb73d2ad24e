import { Box, Button, Group, TextInput } from '@mantine/core';
import type { Column } from '@solar/shared';
import { useTranslation } from 'react-i18next';
import { isoDate } from '../../lib/values';

interface DatePanelProps {
  column: Column;
  value: unknown;
  onChange: (value: string | null) => void;
  onDone: () => void;
}

/** A date picker (saved as YYYY-MM-DD at once, SPEC §5), with a clear button. */
export function DatePanel({ column, value, onChange, onDone }: DatePanelProps) {
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
      <Group gap={6} wrap="nowrap">
        <TextInput
          type="date"
          size="xs"
          aria-label={column.label}
          data-autofocus
          autoFocus
          value={isoDate(value) ?? ''}
          onChange={(event) => onChange(isoDate(event.currentTarget.value))}
        />
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
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
