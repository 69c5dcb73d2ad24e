import { type QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { boardKeys } from './board-keys';
import { changesRecords } from './calculate-api';

/** The board-record changes a cache reports while `act` runs on a real query client. */
async function changes(act: (client: QueryClient) => Promise<unknown> | unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const key = [...boardKeys.tasksOf('tasks'), { board: 'tasks' }];
  await client.fetchQuery({ queryKey: key, queryFn: () => ({ pages: [] }) });
  const seen: boolean[] = [];
  const unsubscribe = client
    .getQueryCache()
    .subscribe(
      (event: QueryCacheNotifyEvent) => event.type === 'updated' && seen.push(changesRecords(event, 'tasks')),
    );
  await act(client);
  unsubscribe();
  client.clear();
  return seen.filter(Boolean).length;
}

describe('changesRecords', () => {
  const key = [...boardKeys.tasksOf('tasks'), { board: 'tasks' }];

  it('sees an edit written into the cached pages and pages marked stale', async () => {
    expect(await changes((c) => c.setQueryData(key, { pages: [1] }))).toBe(1);
    expect(
      await changes((c) =>
        c.invalidateQueries({ queryKey: boardKeys.tasksOf('tasks'), refetchType: 'none' }),
      ),
    ).toBe(1);
  });

  it('ignores pages loaded from the server and the other board', async () => {
    expect(
      await changes((c) => c.fetchQuery({ queryKey: key, queryFn: () => ({ pages: [2] }), staleTime: 0 })),
    ).toBe(0);
    expect(await changes((c) => c.setQueryData([...boardKeys.tasksOf('projects'), {}], { pages: [] }))).toBe(
      0,
    );
    expect(await changes((c) => c.setQueryData(boardKeys.calculationsOf('tasks'), {}))).toBe(0);
  });
});
