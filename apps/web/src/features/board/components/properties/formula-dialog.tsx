import { Button, Group, Modal } from '@mantine/core';
import type { Column } from '@solar/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePropertyActions } from '../../hooks/use-property-actions';
import { FormulaField } from './formula-field';

/** Edits an existing formula column's formula (the server recomputes every record). */
export function FormulaDialog({ column, onClose }: { column: Column | null; onClose: () => void }) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { setFormula } = usePropertyActions();
  const [value, setValue] = useState(column?.formula ?? '');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={column !== null}
      onClose={onClose}
      title={t('formula.title', { name: column?.label ?? '' })}
      size="lg"
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      <FormulaField value={value} onChange={setValue} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {tApp('common.cancel')}
        </Button>
        <Button
          loading={busy}
          onClick={async () => {
            if (!column) return;
            setBusy(true);
            const ok = await setFormula(column, value);
            setBusy(false);
            if (ok) onClose();
          }}
        >
          {tApp('common.save')}
        </Button>
      </Group>
    </Modal>
  );
}
