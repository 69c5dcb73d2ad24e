import { describe, expect, it } from 'vitest';
import { type CellKey, Task, TaskFilterValuesResponse, taskOfValues } from './schema';

const row = {
  _id: '0b6f3c1e-7c2a-4c1d-9d4e-0a1b2c3d4e5f',
  board: 'tasks' as const,
  projectId: null,
  viewId: null,
  taskName: 'Order inverter',
  userId: null,
  companyName: 'Sonnenbau',
  isFrontendVisible: true,
  isBlank: false,
  isDeleted: false,
  fromRecord: null,
  position: 2.5,
  seq: 7,
  notes: '',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

describe('taskOfValues', () => {
  const cells: CellKey[] = [
    { key: 'Status', type: 'status', icon: 'IconProgress' },
    { key: 'Tags', type: 'multi-select', icon: 'IconList' },
    { key: 'Estimate (h)', type: 'number', icon: 'IconHash' },
  ];

  it('gives each value the type and icon of its place, and an empty cell where a value is missing', () => {
    const task = taskOfValues({ ...row, values: ['Done', ['Dach']] }, cells);
    expect(Task.parse(task)).toEqual(task);
    expect(task.properties).toEqual({
      Status: { type: 'status', icon: 'IconProgress', value: 'Done' },
      Tags: { type: 'multi-select', icon: 'IconList', value: ['Dach'] },
      'Estimate (h)': { type: 'number', icon: 'IconHash', value: null },
    });
    expect(task).not.toHaveProperty('values');
    expect(task.taskName).toBe('Order inverter');
  });

  it('is the answer schema of `cells=values`: a cell of an unknown type is refused', () => {
    const answer = {
      data: {
        cells: [{ key: 'X', type: 'spreadsheet', icon: '' }],
        tasks: [{ ...row, values: [1] }],
        pagination: { page: 1, limit: 50, total: 1, totalPages: 1, hasNextPage: false },
        groups: [],
        related: {},
      },
    };
    expect(TaskFilterValuesResponse.safeParse(answer).success).toBe(false);
    answer.data.cells[0] = { key: 'X', type: 'number', icon: '' };
    expect(TaskFilterValuesResponse.safeParse(answer).success).toBe(true);
  });
});
