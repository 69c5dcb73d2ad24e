import { ActionIcon, Menu, SimpleGrid, TextInput, Tooltip } from '@mantine/core';
import type { Column, DataType } from '@solar/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_ICONS, PropertyIcon } from '../properties/property-icon';
import { CHOOSABLE_TYPES, typeKey } from '../properties/type-labels';

/** Renames on Enter or on blur (SPEC §5); Escape puts the name back. */
export function RenameField({ column, onRename }: { column: Column; onRename: (name: string) => void }) {
  const { t } = useTranslation('board');
  const [name, setName] = useState(column.label);
  return (
    <TextInput
      size="xs"
      m={6}
      label={t('columnMenu.name')}
      value={name}
      data-autofocus
      onChange={(event) => setName(event.currentTarget.value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          onRename(name);
        } else if (event.key === 'Escape') {
          setName(column.label);
        }
      }}
      onBlur={() => onRename(name)}
    />
  );
}

interface PageProps<T> {
  column: Column;
  /** The menu item back to the main page. */
  back: ReactNode;
  onPick: (value: T) => void;
}

/** The column menu's 'Change type' page. */
export function TypePage({ column, back, onPick }: PageProps<DataType>) {
  const { t } = useTranslation('board');
  return (
    <>
      {back}
      <Menu.Label>{t('columnMenu.type')}</Menu.Label>
      {CHOOSABLE_TYPES.map((type) => (
        <Menu.Item
          key={type}
          leftSection={<PropertyIcon type={type} />}
          disabled={type === column.dataType}
          onClick={() => onPick(type)}
        >
          {t(typeKey(type))}
        </Menu.Item>
      ))}
    </>
  );
}

/** The column menu's 'Choose icon' page. */
export function IconPage({ column, back, onPick }: PageProps<string>) {
  const { t } = useTranslation('board');
  return (
    <>
      {back}
      <SimpleGrid cols={6} spacing={4} p={6} role="group" aria-label={t('columnMenu.icon')}>
        {Object.keys(PROPERTY_ICONS).map((name) => (
          <Tooltip key={name} label={name.replace(/^Icon/, '')} withArrow>
            <ActionIcon
              variant={name === column.icon ? 'filled' : 'subtle'}
              color="gray"
              aria-label={t('columnMenu.useIcon', { name: name.replace(/^Icon/, '') })}
              aria-pressed={name === column.icon}
              onClick={() => onPick(name)}
            >
              <PropertyIcon icon={name} type={column.dataType} size={16} />
            </ActionIcon>
          </Tooltip>
        ))}
      </SimpleGrid>
    </>
  );
}
