import { ActionIcon, Button, ColorSwatch, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { OPTION_PALETTE, type SelectOption } from '@solar/shared';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §9: option renames are saved 200 ms after typing stops. */
export const OPTION_RENAME_DEBOUNCE_MS = 200;

interface OptionEditorProps {
  option: SelectOption;
  onRename: (label: string) => void;
  onColor: (color: string) => void;
  onDelete: () => void;
}

/** Edits one select option: its name (debounced, blank ignored), its palette colour, or removes it. */
export function OptionEditor({ option, onRename, onColor, onDelete }: OptionEditorProps) {
  const { t } = useTranslation('board');
  const [label, setLabel] = useState(option.label);
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
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('options.delete')}
      </Button>
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
