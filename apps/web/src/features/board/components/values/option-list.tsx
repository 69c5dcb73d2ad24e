import { Box, Collapse, Group, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { addOption, type Column, renameOption, type SelectOption } from '@solar/shared';
import { IconCheck, IconDots, IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionBadge } from '../cells/option-badge';
import { OptionEditor, SmallAction } from './option-editor';
import classes from './values.module.css';

interface OptionListProps {
  column: Column;
  /** The chosen values (one for select and status). */
  value: string[];
  multiple: boolean;
  onChange: (value: string[]) => void;
  /**
   * Saves a new option list (added, renamed, recoloured, deleted); absent when options cannot change.
   * `undoLabel` names a change to offer for undo (a deleted option).
   */
  onOptionsChange?: (options: SelectOption[], undoLabel?: string) => void;
  /** The single choice is made (select, status): the caller may close. */
  onDone?: () => void;
  onEscape?: () => void;
}

/**
 * The option picker of select, multi-select and status cells: search, pick, create a new option
 * (trimmed, blank ignored, random light colour: SPEC §3, §5), rename or recolour an option.
 */
export function OptionList({
  column,
  value,
  multiple,
  onChange,
  onOptionsChange,
  onDone,
  onEscape,
}: OptionListProps) {
  const { t } = useTranslation('board');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const options = column.options ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const canCreate =
    !!onOptionsChange && needle !== '' && !options.some((o) => o.label.toLowerCase() === needle);
  const rows = shown.length + (canCreate ? 1 : 0);

  const choose = (optionValue: string) => {
    if (multiple) {
      onChange(
        value.includes(optionValue) ? value.filter((v) => v !== optionValue) : [...value, optionValue],
      );
    } else {
      onChange(value[0] === optionValue ? [] : [optionValue]);
      onDone?.();
    }
  };

  const create = () => {
    if (!onOptionsChange) return;
    const next = addOption(options, search) as SelectOption[];
    if (next === options) return;
    const added = next[next.length - 1];
    onOptionsChange(next);
    setSearch('');
    if (added) choose(added.value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (rows === 0 ? 0 : (i + step + rows) % rows));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = shown[active];
      if (option) choose(option.value);
      else if (canCreate) create();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onEscape?.();
    }
  };

  return (
    <Box className={classes.panel} data-testid="option-list">
      <TextInput
        size="xs"
        data-autofocus
        autoFocus
        placeholder={onOptionsChange ? t('options.searchOrCreate') : t('options.search')}
        aria-label={onOptionsChange ? t('options.searchOrCreate') : t('options.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ScrollArea.Autosize mah={260} mt={6}>
        <div role="listbox" aria-label={column.label} aria-multiselectable={multiple}>
          {shown.map((option, index) => {
            const selected = value.includes(option.value);
            return (
              <div key={option.value}>
                <Group
                  gap={4}
                  wrap="nowrap"
                  className={classes.optionRow}
                  data-active={index === active || undefined}
                >
                  <UnstyledButton
                    role="option"
                    aria-selected={selected}
                    className={classes.optionButton}
                    onClick={() => choose(option.value)}
                    onMouseEnter={() => setActive(index)}
                  >
                    <OptionBadge column={column} value={option.value} />
                    {selected && <IconCheck size={14} aria-hidden />}
                  </UnstyledButton>
                  {onOptionsChange && (
                    <SmallAction
                      label={t('options.edit', { name: option.label })}
                      onClick={() => setEditing((e) => (e === option.value ? null : option.value))}
                    >
                      <IconDots size={14} aria-hidden />
                    </SmallAction>
                  )}
                </Group>
                {onOptionsChange && (
                  <Collapse expanded={editing === option.value}>
                    {editing === option.value && (
                      <OptionEditor
                        column={column}
                        option={option}
                        onRename={(label) => onOptionsChange(renameOption(options, option.value, label))}
                        onColor={(color) =>
                          onOptionsChange(
                            options.map((o) =>
                              o.value === option.value ? { ...o, backgroundColor: color } : o,
                            ),
                          )
                        }
                        onDelete={() => {
                          setEditing(null);
                          onOptionsChange(
                            options.filter((o) => o.value !== option.value),
                            t('undo.optionDeleted', { name: option.label }),
                          );
                        }}
                      />
                    )}
                  </Collapse>
                )}
              </div>
            );
          })}
          {canCreate && (
            <UnstyledButton
              role="option"
              aria-selected={false}
              className={classes.optionButton}
              data-active={active === shown.length || undefined}
              onClick={create}
            >
              <IconPlus size={14} aria-hidden />
              <Text size="sm">{t('options.create', { name: search.trim() })}</Text>
            </UnstyledButton>
          )}
          {rows === 0 && (
            <Text size="xs" c="gray.7" p={6}>
              {t('options.none')}
            </Text>
          )}
        </div>
      </ScrollArea.Autosize>
    </Box>
  );
}
