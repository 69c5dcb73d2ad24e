import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { AddPropertyForm } from '../properties/add-property-form';

/** The final '+' column (type null): adds a property; on /projects it answers with the refusal. */
export function AddColumnButton() {
  const { t } = useTranslation('board');
  const { create, refuse } = usePropertyActions();
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={300}
      shadow="md"
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <Tooltip label={t('grid.addProperty')} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('grid.addProperty')}
            data-testid="add-property"
            onClick={() => {
              if (!refuse('add')) setOpened((o) => !o);
            }}
          >
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <AddPropertyForm
          onSubmit={async (name, type, config) => {
            const ok = await create(name, type, config);
            if (ok) setOpened(false);
            return ok;
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
