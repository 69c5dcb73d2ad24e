// @vitest-environment happy-dom
import type { Task } from '@solar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceBoardChange } from '../../../lib/live-events/state';
import { boardKeys } from '../api/board-keys';
import { findTask, type TaskPages } from '../lib/task-cache';
import { makeTask } from '../lib/test-fixtures';

const getTask = vi.hoisted(() => vi.fn<(id: string) => Promise<Task>>());
vi.mock('../api/tasks-api', async (actual) => ({
  ...(await actual<typeof import('../api/tasks-api')>()),
  getTask,
}));
const { useFollowRecord, isNotOlder } = await import('./use-record-reload');

const opened = makeTask({ Status: 'Nicht begonnen' }, { updatedAt: '2026-12-02T09:00:00.000Z' });
const listKey = boardKeys.tasks({ board: 'tasks', filters: [], sort: [] });
const pagination = { page: 1, limit: 100, total: 1, totalPages: 1, hasNextPage: false };

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const listed = () => findTask(client.getQueryData<TaskPages>(listKey), opened._id);

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData<TaskPages>(listKey, {
    pageParams: [1],
    pages: [{ tasks: [opened], pagination, groups: [], related: {} }],
  });
  getTask.mockReset();
});
afterEach(cleanup);

describe('the open record follows the live events', () => {
  it("reads the record again on a board change and shows the colleague's values", async () => {
    const changed = { ...opened, taskName: 'Umbenannt', updatedAt: '2026-12-02T09:01:00.000Z' };
    getTask.mockResolvedValue(changed);
    renderHook(() => useFollowRecord('tasks', opened._id), { wrapper });
    expect(getTask).not.toHaveBeenCalled();
    announceBoardChange('colleague');
    await waitFor(() => expect(listed()?.taskName).toBe('Umbenannt'));
    expect(getTask).toHaveBeenCalledWith(opened._id);
    expect(client.getQueryData<Task>(boardKeys.task(opened._id))?.taskName).toBe('Umbenannt');
  });

  it('drops an answer older than what the cache holds (a save answered first)', async () => {
    getTask.mockResolvedValue({ ...opened, taskName: 'Alt', updatedAt: '2026-12-02T08:59:00.000Z' });
    renderHook(() => useFollowRecord('tasks', opened._id), { wrapper });
    announceBoardChange(null);
    await waitFor(() => expect(getTask).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listed()?.taskName).toBe(opened.taskName);
    expect(isNotOlder(opened, undefined)).toBe(true);
  });

  it('reads once more after a read for every change that came during it, and stops when closed', async () => {
    let answer: (task: Task) => void = () => undefined;
    getTask.mockImplementation(() => new Promise<Task>((resolve) => (answer = resolve)));
    const { unmount } = renderHook(() => useFollowRecord('tasks', opened._id), { wrapper });
    announceBoardChange('a');
    announceBoardChange('b');
    announceBoardChange('c');
    expect(getTask).toHaveBeenCalledTimes(1);
    answer(opened);
    await waitFor(() => expect(getTask).toHaveBeenCalledTimes(2));
    answer(opened);
    unmount();
    announceBoardChange('d');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getTask).toHaveBeenCalledTimes(2);
  });

  it('follows nothing while no record is open', () => {
    renderHook(() => useFollowRecord('tasks', null), { wrapper });
    announceBoardChange('colleague');
    expect(getTask).not.toHaveBeenCalled();
  });
});
