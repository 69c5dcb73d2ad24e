import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { Column, RecordHistoryEvent } from '@solar/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { errorMessage } from '../../../../lib/errors';
import { useRecordHistory } from '../../api/history-api';
import { useBoard } from '../../hooks/board-context';
import { TITLE_KEY } from '../../lib/columns';
import { textOf } from '../../lib/text-value';
import { displayText, formatDateTime, isEmpty } from '../../lib/values';
import classes from './drawer.module.css';

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
  const { t: tApp } = useTranslation();
  const { columns } = useBoard();
  const history = useRecordHistory(taskId);
  const { refetch } = history;
  // Asked again when the record changes while the drawer is open (not on opening: the query asks).
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);
  const lang = currentLanguage();
  const events = history.data?.pages.flatMap((p) => p.events) ?? [];

  const label = (key: string) =>
    key === 'notes'
      ? t('drawer.notes')
      : (columns[key]?.label ?? (key === TITLE_KEY ? t('drawer.name') : key));
  const valueText = (key: string, value: unknown, column: Column | undefined) => {
    if (isEmpty(value)) return t('history.empty');
    return column && key !== TITLE_KEY
      ? displayText(value, column, lang, related) || textOf(value)
      : textOf(value);
  };
  const what = (event: RecordHistoryEvent) => {
    if (event.kind !== 'changed') return <Text size="sm">{t(`history.${event.kind}`)}</Text>;
    return event.changes.map((change) => (
      <Text size="sm" key={change.key} className={classes.historyChange}>
        <Text span fw={600} size="sm">
          {label(change.key)}:
        </Text>{' '}
        {valueText(change.key, change.from, columns[change.key])} →{' '}
        {valueText(change.key, change.to, columns[change.key])}
      </Text>
    ));
  };

  return (
    <section aria-labelledby={`history-${taskId}`} data-testid="record-history">
      <Title order={3} size="h5" id={`history-${taskId}`} mb="xs">
        {t('history.title')}
      </Title>
      {history.isPending ? (
        <Loader size="sm" aria-label={t('history.loading')} />
      ) : history.isError ? (
        <Stack gap={4} align="flex-start">
          <Text size="sm" c="red.8">
            {errorMessage(history.error, tApp)}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void refetch()}>
            {tApp('common.retry')}
          </Button>
        </Stack>
      ) : events.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('history.none')}
        </Text>
      ) : (
        <ol className={classes.history}>
          {events.map((event) => (
            <li key={event.id} data-testid="history-event">
              <Text size="xs" c="gray.7">
                {event.user ? `${event.user.firstName} ${event.user.lastName}`.trim() : t('history.someone')}{' '}
                · <time dateTime={event.at}>{formatDateTime(event.at, lang)}</time>
              </Text>
              {what(event)}
            </li>
          ))}
        </ol>
      )}
      {history.hasNextPage && (
        <Button
          mt="xs"
          size="compact-sm"
          variant="subtle"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('history.more')}
        </Button>
      )}
    </section>
  );
}
