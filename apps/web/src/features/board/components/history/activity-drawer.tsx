import { Anchor, Button, Drawer, Group, Select, Text } from '@mantine/core';
import type { BoardActivityEvent } from '@solar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamQuery } from '../../../../api/installer';
import { notifySuccess } from '../../../../lib/errors';
import { boardKeys } from '../../api/board-keys';
import { useBoardActivity } from '../../api/history-api';
import { useBoard } from '../../hooks/board-context';
import { useRecordActions } from '../../hooks/use-record-actions';
import { ACTIVITY_PERIODS, type ActivityPeriod, periodStart } from '../../lib/activity-period';
import { notifyBoardError } from '../../lib/notify';
import { HistoryList } from './history-list';

interface ActivityDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The board's activity: the latest changes of all its records, newest first, each with its record
 * (a link that opens it; a record in the bin is named, not linked, and can be restored from here
 * once its undo is gone). Asked each time it opens. It can be narrowed to one person's changes and
 * to a period (today, the last 7 or 30 days).
 */
export function ActivityDrawer({ opened, onClose }: ActivityDrawerProps) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { scope, setDrawer } = useBoard();
  const [userId, setUserId] = useState<string | null>(null);
  const [period, setPeriod] = useState<ActivityPeriod>('all');
  // The period's start is taken when it is chosen, so the query stays the same while it is shown.
  const since = useMemo(() => periodStart(period), [period]);
  const activity = useBoardActivity(scope.board, opened, { userId: userId ?? undefined, since });
  const team = useTeamQuery(opened);
  const records = useRecordActions();
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState<string | null>(null);
  const restore = async (id: string, name: string) => {
    setRestoring(id);
    try {
      await records.restore([id]);
      notifySuccess(t('history.restoredNamed', { name }));
      await queryClient.invalidateQueries({ queryKey: boardKeys.activity(scope.board) });
    } catch (error) {
      notifyBoardError(error, tApp);
    } finally {
      setRestoring(null);
    }
  };
  const people = (team.data ?? []).map((m) => ({
    value: m._id,
    label: `${m.firstName} ${m.lastName}`.trim() || m.email,
  }));
  const filtered = userId !== null || period !== 'all';
  const recordOf = (event: BoardActivityEvent) => {
    const name = event.record.name || t('grid.untitled');
    if (event.record.isDeleted) {
      return (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('history.inBin', { name })}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            style={{ flexShrink: 0 }}
            loading={restoring === event.record.id}
            aria-label={t('history.restoreNamed', { name })}
            onClick={() => void restore(event.record.id, name)}
          >
            {t('history.restore')}
          </Button>
        </Group>
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
      <Group gap="xs" mb="md" grow align="flex-end">
        <Select
          label={t('history.person')}
          placeholder={t('history.everyone')}
          data={people}
          value={userId}
          onChange={setUserId}
          clearable
          searchable
          nothingFoundMessage={t('history.nobody')}
          comboboxProps={{ withinPortal: false }}
          data-testid="activity-person"
        />
        <Select
          label={t('history.period')}
          data={ACTIVITY_PERIODS.map((p) => ({ value: p, label: t(`history.periods.${p}`) }))}
          value={period}
          onChange={(value) => setPeriod((value as ActivityPeriod | null) ?? 'all')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          data-testid="activity-period"
        />
      </Group>
      <HistoryList
        query={activity}
        related={{}}
        recordOf={recordOf}
        emptyText={filtered ? t('history.noneFiltered') : undefined}
      />
    </Drawer>
  );
}
