import { Button, Group, Modal, Paper, Popover, Select, Stack, Text } from '@mantine/core';
import type { Task } from '@solar/shared';
import { IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoard } from '../../hooks/board-context';
import { useRecordActions } from '../../hooks/use-record-actions';
import { isEditable, orderColumns } from '../../lib/columns';
import { ValueField } from '../values/value-field';

interface BulkBarProps {
  selected: Task[];
  onClear: () => void;
}

/** Actions on the selected records: set one property for all, delete (confirmed, with undo). */
export function BulkBar({ selected, onClear }: BulkBarProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { columns, isProjects } = useBoard();
  const records = useRecordActions();
  const [editing, setEditing] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [value, setValue] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const editable = orderColumns(columns).filter((c) => isEditable(c) && c.dataType !== 'files');
  const column = key ? columns[key] : undefined;

  return (
    <Paper p={6} px="sm" radius="md" bg="solar.0" withBorder={false} data-testid="bulk-bar">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {t('bulk.selected', { count: selected.length })}
        </Text>
        <Group gap={6}>
          <Popover
            opened={editing}
            onChange={setEditing}
            position="bottom-end"
            width={300}
            shadow="md"
            trapFocus
            withinPortal
          >
            <Popover.Target>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing((o) => !o)}
              >
                {t('bulk.edit')}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs">
                <Select
                  label={t('bulk.property')}
                  data={editable.map((c) => ({ value: c.id, label: c.label }))}
                  value={key}
                  onChange={(next) => {
                    setKey(next);
                    setValue(null);
                  }}
                  searchable
                  comboboxProps={{ withinPortal: false }}
                />
                {column && (
                  <ValueField
                    column={column}
                    value={value}
                    onChange={setValue}
                    label={t('bulk.value', { name: column.label })}
                  />
                )}
                <Button
                  disabled={!column}
                  onClick={async () => {
                    if (!column) return;
                    setEditing(false);
                    await records.bulkSet(selected, column.id, value);
                  }}
                >
                  {t('bulk.apply', { count: selected.length })}
                </Button>
              </Stack>
            </Popover.Dropdown>
          </Popover>
          {!isProjects && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('bulk.delete')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={onClear}
          >
            {t('bulk.clear')}
          </Button>
        </Group>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('bulk.deleteTitle')}
        size="sm"
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
      >
        <Text size="sm">{t('bulk.confirm', { count: selected.length })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {tApp('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={async () => {
              setConfirming(false);
              const ids = selected.map((task) => task._id);
              onClear();
              await records.destroy(ids);
            }}
          >
            {t('bulk.delete')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
