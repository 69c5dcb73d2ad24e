import { Button, Group, Modal, Text } from '@mantine/core';
import type { Column } from '@solar/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { AddPropertyForm } from '../properties/add-property-form';
import { FormulaDialog } from '../properties/formula-dialog';

interface ColumnDialogsProps {
  insert: { key: string; side: 'left' | 'right' } | null;
  onCloseInsert: () => void;
  deleting: Column | null;
  onCloseDelete: () => void;
  formulaOf: Column | null;
  onCloseFormula: () => void;
}

/** The dialogs of the column menu: a new property beside a column, and the delete confirmation. */
export const ColumnDialogs = memo(function ColumnDialogs({
  insert,
  onCloseInsert,
  deleting,
  onCloseDelete,
  formulaOf,
  onCloseFormula,
}: ColumnDialogsProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { create, remove } = usePropertyActions();
  return (
    <>
      <FormulaDialog key={formulaOf?.id ?? 'none'} column={formulaOf} onClose={onCloseFormula} />
      <Modal
        opened={insert !== null}
        onClose={onCloseInsert}
        title={t(insert?.side === 'left' ? 'columnMenu.insertLeft' : 'columnMenu.insertRight')}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
        size="sm"
      >
        {insert && (
          <AddPropertyForm
            onSubmit={async (name, type, config) => {
              const ok = await create(name, type, config, insert);
              if (ok) onCloseInsert();
              return ok;
            }}
          />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={onCloseDelete}
        title={t('columnMenu.deleteTitle')}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
        size="sm"
      >
        <Text size="sm">{t('columnMenu.deleteText', { name: deleting?.label ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCloseDelete}>
            {tApp('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (deleting) void remove(deleting);
              onCloseDelete();
            }}
          >
            {t('columnMenu.delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
});
