import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../api/history-api';
import { HistoryList } from './history-list';

interface RecordHistoryProps {
  taskId: string;
  /** The record's last change: a new one (an edit in the table meanwhile) asks again. */
  version: string;
  related: Record<string, string>;
}

/**
 * The record's history at the foot of the drawer (docs/board.md "A record's history"): who made it,
 * changed which value from what to what, sent it to the bin or brought it back, newest first.
 */
export function RecordHistory({ taskId, version, related }: RecordHistoryProps) {
  const { t } = useTranslation('board');
  const history = useRecordHistory(taskId);
  const { refetch } = history;
  // Asked again when the record changes while the drawer is open (not on opening: the query asks).
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);

  return (
    <section aria-labelledby={`history-${taskId}`} data-testid="record-history">
      <Title order={3} size="h5" id={`history-${taskId}`} mb="xs">
        {t('history.title')}
      </Title>
      <HistoryList query={history} related={related} />
    </section>
  );
}
