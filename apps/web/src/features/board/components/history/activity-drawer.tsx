import { Anchor, Drawer, Text } from '@mantine/core';
import type { BoardActivityEvent } from '@solar/shared';
import { useTranslation } from 'react-i18next';
import { useBoardActivity } from '../../api/history-api';
import { useBoard } from '../../hooks/board-context';
import { HistoryList } from './history-list';

interface ActivityDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The board's activity: the latest changes of all its records, newest first, each with its record
 * (a link that opens it; a record in the bin is named, not linked). Asked each time it opens.
 */
export function ActivityDrawer({ opened, onClose }: ActivityDrawerProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, setDrawer } = useBoard();
  const activity = useBoardActivity(scope.board, opened);
  const recordOf = (event: BoardActivityEvent) => {
    const name = event.record.name || t('grid.untitled');
    if (event.record.isDeleted) {
      return (
        <Text size="sm" fw={600}>
          {t('history.inBin', { name })}
        </Text>
      );
    }
    return (
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        onClick={() => {
          onClose();
          setDrawer({ mode: 'edit', taskId: event.record.id });
        }}
      >
        {name}
      </Anchor>
    );
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('history.activity')}
      closeButtonProps={{ 'aria-label': tApp('common.close') }}
      data-testid="activity-drawer"
    >
      <HistoryList query={activity} related={{}} recordOf={recordOf} />
    </Drawer>
  );
}
