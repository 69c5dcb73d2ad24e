import { ActionIcon, Button, ColorSwatch, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type Column, OPTION_PALETTE, type SelectOption } from '@solar/shared';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boardKeys } from '../../api/board-keys';
import { countOptionUses } from '../../api/tasks-api';
import { useBoard } from '../../hooks/board-context';

/** SPEC §9: option renames are saved 200 ms after typing stops. */
export const OPTION_RENAME_DEBOUNCE_MS = 200;

interface OptionEditorProps {
  column: Column;
  option: SelectOption;
  onRename: (label: string) => void;
  onColor: (color: string) => void;
  onDelete: () => void;
}

/**
 * Edits one select option: its name (debounced, blank ignored), its palette colour, or removes it
 * after a confirmation that says how many records hold it (they keep the value, no longer offered).
 */
export function OptionEditor({ column, option, onRename, onColor, onDelete }: OptionEditorProps) {
  const { t } = useTranslation('board');
  const [label, setLabel] = useState(option.label);
  const [confirming, setConfirming] = useState(false);
  const rename = useDebouncedCallback((next: string) => {
    if (next.trim()) onRename(next);
  }, OPTION_RENAME_DEBOUNCE_MS);

  return (
    <Stack gap={8} p={8} data-testid="option-editor">
      <TextInput
        size="xs"
        label={t('options.name')}
        value={label}
        onChange={(event) => {
          setLabel(event.currentTarget.value);
          rename(event.currentTarget.value);
        }}
        onKeyDown={(event) => event.stopPropagation()}
        onBlur={() => rename.flush()}
      />
      <Group gap={6} role="group" aria-label={t('options.color')}>
        {OPTION_PALETTE.map((entry) => {
          const active = entry.color === option.backgroundColor;
          return (
            <Tooltip key={entry.name} label={t(`palette.${entry.name}`)} withArrow>
              <ColorSwatch
                component="button"
                type="button"
                color={entry.color}
                size={22}
                aria-label={t(`palette.${entry.name}`)}
                aria-pressed={active}
                onClick={() => onColor(entry.color)}
                style={{ cursor: 'pointer', border: '1px solid var(--mantine-color-gray-4)' }}
              >
                {active && <IconCheck size={12} aria-hidden />}
              </ColorSwatch>
            </Tooltip>
          );
        })}
      </Group>
      {confirming ? (
        <DeleteConfirm
          column={column}
          option={option}
          onCancel={() => setConfirming(false)}
          onConfirm={onDelete}
        />
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => setConfirming(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('options.delete')}
        </Button>
      )}
    </Stack>
  );
}

/** The question before an option goes: how many records hold it, and that they keep it. */
function DeleteConfirm({
  column,
  option,
  onCancel,
  onConfirm,
}: {
  column: Column;
  option: SelectOption;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope } = useBoard();
  const uses = useQuery({
    queryKey: boardKeys.optionUses(scope.board, column.id, option.value),
    queryFn: ({ signal }) => countOptionUses(scope.board, column, option.value, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // The button that asked is gone: the focus moves to the answer.
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  const name = option.label;
  const text =
    uses.data === undefined
      ? t(uses.isError ? 'options.deleteKeeps' : 'options.deleteCounting', { name })
      : uses.data === 0
        ? t('options.deleteUnused', { name })
        : t('options.deleteUsed', { name, count: uses.data });
  return (
    <Stack
      gap={6}
      role="group"
      aria-label={t('options.deleteTitle', { name })}
      data-testid="option-delete-confirm"
    >
      <Text size="xs" aria-live="polite">
        {text}
      </Text>
      <Group gap={6}>
        <Button
          size="compact-xs"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onConfirm}
          ref={confirmRef}
        >
          {t('options.deleteConfirm')}
        </Button>
        <Button size="compact-xs" variant="default" onClick={onCancel}>
          {tApp('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A small icon button (edit an option, remove a file…), always labelled. */
export function SmallAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <ActionIcon size="sm" variant="subtle" color="gray" aria-label={label} onClick={onClick}>
      {children}
    </ActionIcon>
  );
}
