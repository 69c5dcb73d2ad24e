import type { UserProperties } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import { localizeProjectColumns } from './localize-columns';
import { makeColumn } from './test-fixtures';

const NAMES: Record<string, string> = {
  project: 'Proyecto',
  status: 'Estado',
  city: 'Ciudad',
  priority: 'Prioridad',
};
const columnName = (key: string) => NAMES[key] ?? `?${key}`;
const stageName = (stage: string) => (stage === 'ACQUISITION' ? 'Captación' : `?${stage}`);

function board(kind: 'projects' | 'tasks'): UserProperties {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    userId: null,
    companyName: 'Sonnenbau',
    board: kind,
    properties: {
      taskName: makeColumn('taskName', 'title', { label: 'Project', locked: true, synced: true }),
      Status: makeColumn('Status', 'status', {
        label: 'Status',
        locked: true,
        synced: true,
        options: [{ value: 'ACQUISITION', label: 'Acquisition', backgroundColor: '#fff' }],
      }),
      City: makeColumn('City', 'text', { locked: true, synced: true }),
      'Customer target': makeColumn('Customer target', 'multi-select', {
        locked: true,
        synced: true,
        options: [
          { value: 'Speicher', label: 'Speicher', backgroundColor: '#fff' },
          { value: 'Solar carport', label: 'Solar carport', backgroundColor: '#fff' },
        ],
      }),
      Priority: makeColumn('Priority', 'select', {
        locked: true,
        options: [{ value: 'Low', label: 'Low', backgroundColor: '#fff' }],
      }),
      Remark: makeColumn('Remark', 'text'),
    },
  };
}

describe('localizeProjectColumns', () => {
  it('names the fixed /projects columns and the stage options in the UI language', () => {
    const { properties } = localizeProjectColumns(board('projects'), columnName, stageName);
    expect(properties.taskName?.label).toBe('Proyecto');
    expect(properties.Status?.label).toBe('Estado');
    expect(properties.City?.label).toBe('Ciudad');
    expect(properties.Priority?.label).toBe('Prioridad');
    expect(properties.Status?.options?.[0]).toMatchObject({ value: 'ACQUISITION', label: 'Captación' });
    // Keys and values stay as stored; the company's own option labels and columns keep their names.
    expect(Object.keys(properties)).toEqual([
      'taskName',
      'Status',
      'City',
      'Customer target',
      'Priority',
      'Remark',
    ]);
    expect(properties.Status?.id).toBe('Status');
    expect(properties.Priority?.options?.[0]?.label).toBe('Low');
    expect(properties.Remark?.label).toBe('Remark');
  });

  it('names the customer targets the portal suggests in the UI language, keeping the stored values', () => {
    const targetName = (value: string) => `es:${value}`;
    const { properties } = localizeProjectColumns(board('projects'), columnName, stageName, targetName);
    // The stored options keep their values; the suggestions the column lacks are added (it stores none).
    expect(properties['Customer target']?.options?.map((o) => [o.value, o.label])).toEqual([
      ['Speicher', 'es:Speicher'],
      ['Solar carport', 'Solar carport'],
      ['Eigenheim', 'es:Eigenheim'],
      ['Wallbox', 'es:Wallbox'],
      ['Wärmepumpe', 'es:Wärmepumpe'],
      ['Gewerbe', 'es:Gewerbe'],
    ]);
    // Without the names (or on another column) the labels stay as stored.
    const plain = localizeProjectColumns(board('projects'), columnName, stageName);
    expect(plain.properties['Customer target']?.options?.[0]?.label).toBe('Speicher');
    expect(properties.Status?.options?.[0]?.label).toBe('Captación');
  });

  it('leaves the task board as stored (its columns are the company’s to name)', () => {
    const tasks = board('tasks');
    expect(localizeProjectColumns(tasks, columnName, stageName)).toBe(tasks);
  });
});
