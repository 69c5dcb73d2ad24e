import { PropertiesResponse, TaskFilterResponse } from '@solar/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkWrittenAnswer,
  compileSerializer,
  createSerializerCompiler,
  serializationSchema,
  writeListAnswer,
} from './response-serializer';

const route = { method: 'GET', url: '/api/test' };

const Answer = z.object({
  data: z.object({
    id: z.uuid(),
    name: z.string(),
    note: z.string().optional(),
    stage: z.enum(['OFFER', 'REALIZATION']).nullable(),
    total: z.number().int(),
    extra: z.unknown(),
    cells: z.record(z.string(), z.object({ type: z.string(), value: z.unknown() })),
  }),
});

const good = {
  data: {
    id: '0f8e2c1a-9b3d-4e5f-8a7b-6c5d4e3f2a1b',
    name: 'Dach "Süd" \\ Ost\n',
    stage: null,
    total: 3,
    extra: { any: ['thing', 1, null] },
    cells: {
      Status: { type: 'status', value: 'Done', secret: 'x' },
      Tags: { type: 'multi-select', value: [] },
    },
    // Not in the schema: never written.
    passwordHash: 'argon2…',
  },
};

const sampleTask = {
  _id: '0f8e2c1a-9b3d-4e5f-8a7b-6c5d4e3f2a1b',
  board: 'tasks',
  projectId: null,
  viewId: null,
  taskName: 'Montage',
  userId: null,
  companyName: 'Sonnenbau',
  isFrontendVisible: true,
  isBlank: false,
  isDeleted: false,
  fromRecord: null,
  position: 1.5,
  seq: 7,
  notes: '',
  properties: {
    Status: { type: 'status', icon: 'IconProgress', value: 'Done', backgroundColor: '#fff' },
  },
  createdAt: '2026-11-25T08:00:00.000Z',
  updatedAt: '2026-11-25T08:00:00.000Z',
};

describe('the compiled response serializer', () => {
  it('writes what zod writes, byte for byte, and drops what the schema does not name', () => {
    const compiled = compileSerializer(Answer);
    expect(compiled).not.toBeNull();
    const viaZod = JSON.stringify(Answer.encode(good as never));
    expect(compiled?.(good)).toBe(viaZod);
    expect(compiled?.(good)).not.toContain('passwordHash');
    expect(compiled?.(good)).not.toContain('secret');
  });

  it('writes the shared board and column answers as zod does', () => {
    const task = sampleTask;
    const board = {
      data: {
        tasks: [task, { ...task, _id: '1f8e2c1a-9b3d-4e5f-8a7b-6c5d4e3f2a1b', projectId: task._id }],
        pagination: { page: 1, limit: 50, total: 2, totalPages: 1, hasNextPage: false },
        groups: [{ value: null, count: 2, sum: null }],
        related: {},
      },
    };
    expect(compileSerializer(TaskFilterResponse)?.(board)).toBe(
      JSON.stringify(TaskFilterResponse.encode(board as never)),
    );
    const columns = {
      data: {
        _id: task._id,
        userId: null,
        companyName: 'Sonnenbau',
        board: 'tasks',
        properties: {
          Status: {
            id: 'Status',
            label: 'Status',
            accessor: 'Status',
            dataType: 'status',
            icon: 'x',
            created: true,
            position: 0,
          },
        },
      },
    };
    // `created` comes before the required `position` in the schema: the order stays zod's.
    const written = compileSerializer(PropertiesResponse)?.(columns);
    expect(written).toBe(JSON.stringify(PropertiesResponse.encode(columns as never)));
    expect(written).toContain('"created":true,"position":0');
  });

  it('turns X | null into a type list, so no validator runs on every value', () => {
    const schema = serializationSchema(z.toJSONSchema(Answer, { io: 'output', target: 'draft-7' })) as {
      properties: { data: { properties: Record<string, unknown> } };
    };
    expect(schema.properties.data.properties.stage).toEqual({ type: ['string', 'null'] });
    expect(JSON.stringify(schema)).not.toMatch(/"(pattern|format|enum|required|anyOf)"/);
  });

  it('leaves schemas it cannot describe to zod', () => {
    const WithDate = z.object({ at: z.date() });
    expect(compileSerializer(WithDate)).toBeNull();
    const serialize = createSerializerCompiler({ check: false })({ schema: WithDate, ...route });
    expect(serialize({ at: new Date('2026-11-25T00:00:00Z') })).toBe('{"at":"2026-11-25T00:00:00.000Z"}');
  });

  it('checks every answer with zod when checking is on, and refuses one that breaks its schema', () => {
    const checked = createSerializerCompiler({ check: true })({ schema: Answer, ...route });
    expect(checked(good)).toBe(JSON.stringify(Answer.encode(good as never)));
    const bad = { data: { ...good.data, stage: 'NOT_A_STAGE' } };
    expect(() => checked(bad)).toThrow(/Response doesn't match the schema/);
    // Production trusts the typed services: the compiled writer alone, without zod's walk.
    const trusted = createSerializerCompiler({ check: false })({ schema: Answer, ...route });
    expect(trusted(bad)).toContain('"stage":"NOT_A_STAGE"');
  });
});

describe('answers a route writes itself (checkWrittenAnswer)', () => {
  const { properties: _cells, ...task } = sampleTask;
  const answer = (cells: string, fields: object = task) =>
    `{"data":{"tasks":[${JSON.stringify(fields).slice(0, -1)},"properties":${cells}}],"pagination":{"page":1,"limit":50,"total":1,"totalPages":1,"hasNextPage":false},"groups":[],"related":{}}}`;

  it('takes cells as PostgreSQL writes them (spaces, any key order)', () => {
    const cells = '{"Status": {"icon": "status", "type": "status", "value": "Done"}}';
    expect(() => checkWrittenAnswer(TaskFilterResponse, answer(cells), 'POST /task/filter')).not.toThrow();
  });

  it('refuses a cell the schema would change, text that is not JSON, or a missing field', () => {
    const extra = '{"Status": {"icon": "status", "type": "status", "value": "Done", "secret": 1}}';
    expect(() => checkWrittenAnswer(TaskFilterResponse, answer(extra), 'POST /task/filter')).toThrow(
      /holds more than its schema/,
    );
    expect(() => checkWrittenAnswer(TaskFilterResponse, answer('{"Status": '), 'POST /task/filter')).toThrow(
      /not JSON/,
    );
    const wrongType = '{"Status": {"icon": "status", "type": "no-such-type", "value": "Done"}}';
    expect(() => checkWrittenAnswer(TaskFilterResponse, answer(wrongType), 'POST /task/filter')).toThrow();
    const { taskName: _name, ...withoutName } = task;
    expect(() => checkWrittenAnswer(TaskFilterResponse, answer('{}', withoutName), 'x')).toThrow();
  });
});

describe('a search page written as text (writeListAnswer)', () => {
  const pagination = { page: 1, limit: 2, total: 2, totalPages: 1, hasNextPage: false };
  const maxMin = { count: 2, isCapped: false };

  it('joins the documents as PostgreSQL wrote them into one JSON answer', () => {
    const docs = [
      { _id: 'a', address: 'Müllerstraße "3" \\ Süd' },
      { _id: 'b', notes: 'ünï\n€' },
    ];
    const answer = writeListAnswer(
      docs.map((d) => JSON.stringify(d)),
      pagination,
      maxMin,
    );
    expect(JSON.parse(answer)).toEqual({ data: { docs, pagination, maxMin: [maxMin] } });
  });

  it('writes an empty page as an empty list', () => {
    expect(JSON.parse(writeListAnswer([], pagination, maxMin))).toEqual({
      data: { docs: [], pagination, maxMin: [maxMin] },
    });
  });
});
