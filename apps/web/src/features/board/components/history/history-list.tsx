import { Button, Loader, Stack, Text } from '@mantine/core';
import type { RecordHistoryEvent } from '@solar/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../i18n';
import { errorMessage } from '../../../../lib/errors';
import { useBoard } from '../../hooks/board-context';
import { TITLE_KEY } from '../../lib/columns';
import { textOf } from '../../lib/text-value';
import { displayText, formatDateTime, isEmpty } from '../../lib/values';
import classes from './history.module.css';

type Page<E> = { events: E[]; nextCursor: number | null };

interface HistoryListProps<E extends RecordHistoryEvent> {
  query: UseInfiniteQueryResult<InfiniteData<Page<E>, unknown>, Error>;
  related: Record<string, string>;
  /** Above an entry's values: which record (the board's activity). */
  recordOf?: (event: E) => ReactNode;
  /** What to say when there is nothing (a filter that matches nothing); "no changes yet" by default. */
  emptyText?: string;
}

/**
 * History entries newest first (docs/board.md "A record's history"): who and when, then what changed
 * from what to what, read as the table reads values, in the reader's language; older ones on request.
 */
export function HistoryList<E extends RecordHistoryEvent>({
  query,
  related,
  recordOf,
  emptyText,
}: HistoryListProps<E>) {
  const { t } = useTranslation('board');
  const { t: tApp } = useTranslation();
  const { columns } = useBoard();
  const lang = currentLanguage();
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];

  const label = (key: string) =>
    key === 'notes'
      ? t('drawer.notes')
      : (columns[key]?.label ?? (key === TITLE_KEY ? t('drawer.name') : key));
  const valueText = (key: string, value: unknown) => {
    if (isEmpty(value)) return t('history.empty');
    const column = columns[key];
    return column && key !== TITLE_KEY
      ? displayText(value, column, lang, related) || textOf(value)
      : textOf(value);
  };
  const what = (event: E) => {
    if (event.kind !== 'changed') return <Text size="sm">{t(`history.${event.kind}`)}</Text>;
    return event.changes.map((change) => (
      <Text size="sm" key={change.key} className={classes.change}>
        <Text span fw={600} size="sm">
          {label(change.key)}:
        </Text>{' '}
        {valueText(change.key, change.from)} → {valueText(change.key, change.to)}
      </Text>
    ));
  };

  if (query.isPending) return <Loader size="sm" aria-label={t('history.loading')} />;
  if (query.isError) {
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="red.8">
          {errorMessage(query.error, tApp)}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void query.refetch()}>
          {tApp('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (events.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {emptyText ?? t('history.none')}
      </Text>
    );
  }
  return (
    <>
      <ol className={classes.list}>
        {events.map((event) => (
          <li key={event.id} data-testid="history-event">
            <Text size="xs" c="gray.7">
              {event.user ? `${event.user.firstName} ${event.user.lastName}`.trim() : t('history.someone')} ·{' '}
              <time dateTime={event.at}>{formatDateTime(event.at, lang)}</time>
            </Text>
            {recordOf?.(event)}
            {what(event)}
          </li>
        ))}
      </ol>
      {query.hasNextPage && (
        <Button
          mt="xs"
          size="compact-sm"
          variant="subtle"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('history.more')}
        </Button>
      )}
    </>
  );
}
