import { Button, Group, Modal, Text } from '@mantine/core';
import { STAGE_TRANSITIONS, type Stage } from '@solar/shared';
import { useTranslation } from 'react-i18next';

/** A stage no move leads out of (SPEC's pipeline: 'Project realized'): moving there cannot be undone. */
export const isFinalStage = (stage: Stage): boolean => STAGE_TRANSITIONS[stage].length === 0;

export interface FinalStageMove {
  stage: Stage;
  /** The project's address, named in the question. */
  address: string;
}

/**
 * Asks before a project moves to a final stage, which it cannot leave again; Cancel keeps it where it
 * is. Open while `move` is set.
 */
export function FinalStageDialog({
  move,
  onConfirm,
  onCancel,
}: {
  move: FinalStageMove | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('pipeline');
  const { t: tApp } = useTranslation();
  const stage = move ? t(`stage.${move.stage}`) : '';
  return (
    <Modal
      opened={move !== null}
      onClose={onCancel}
      title={t('finalStage.title')}
      size="sm"
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
    >
      <Text size="sm">{move && t('finalStage.text', { stage, address: move.address })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          {tApp('common.cancel')}
        </Button>
        <Button onClick={onConfirm} data-testid="final-stage-confirm">
          {t('finalStage.confirm', { stage })}
        </Button>
      </Group>
    </Modal>
  );
}
