import { Button, Group, Modal, Text } from '@mantine/core';
import type { Column } from '@solar/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RetypeQuestion } from '../../hooks/use-column-actions';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { AddPropertyForm } from '../properties/add-property-form';
import { FormulaDialog } from '../properties/formula-dialog';
import { typeKey } from '../properties/type-labels';

interface ColumnDialogsProps {
  insert: { key: string; side: 'left' | 'right' } | null;
  onCloseInsert: () => void;
  deleting: Column | null;
  onCloseDelete: () => void;
  formulaOf: Column | null;
  onCloseFormula: () => void;
  retyping: RetypeQuestion | null;
  onCloseRetype: () => void;
}

/**
 * The dialogs of the column menu: a new property beside a column, and the confirmations of a delete
 * and of a type change that would empty or alter values.
 */
export const ColumnDialogs = memo(function ColumnDialogs({
  insert,
  onCloseInsert,
  deleting,
  onCloseDelete,
  formulaOf,
  onCloseFormula,
  retyping,
  onCloseRetype,
}: ColumnDialogsProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { create, remove, retype } = usePropertyActions();
  const retypeText = retyping && {
    name: retyping.column.label,
    type: t(typeKey(retyping.type)),
  };
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
      <Modal
        opened={retyping !== null}
        onClose={onCloseRetype}
        title={t('columnMenu.retypeTitle')}
        closeButtonProps={{ 'aria-label': tApp('common.close') }}
        size="sm"
      >
        {retyping && retypeText && (
          <>
            {retyping.preview.emptied > 0 && (
              <Text size="sm">
                {t('columnMenu.retypeEmptied', { count: retyping.preview.emptied, ...retypeText })}
              </Text>
            )}
            {retyping.preview.altered > 0 && (
              <Text size="sm" mt={retyping.preview.emptied > 0 ? 'xs' : undefined}>
                {t('columnMenu.retypeAltered', { count: retyping.preview.altered, ...retypeText })}
              </Text>
            )}
            <Text size="sm" c="dimmed" mt="xs">
              {t('columnMenu.retypeUndo')}
            </Text>
          </>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCloseRetype}>
            {tApp('common.cancel')}
          </Button>
          {/* Focused when the dialog opens: Enter confirms, Escape cancels. */}
          <Button
            color="red"
            data-autofocus
            onClick={() => {
              if (retyping) void retype(retyping.column, retyping.type);
              onCloseRetype();
            }}
          >
            {t('columnMenu.retypeConfirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
});
