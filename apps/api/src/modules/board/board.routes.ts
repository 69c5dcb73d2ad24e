import {
  BOARDS,
  BoardActivityQuery,
  BoardActivityResponse,
  dataOf,
  IdParams,
  PropertyCreateRequest,
  PropertyDeleteRequest,
  PropertyRetypePreviewRequest,
  PropertyRetypePreviewResponse,
  PropertyUpdateRequest,
  PropertyUpdateResponse,
  ReplacePropertiesRequest,
  Task,
  TaskCalculateRequest,
  TaskCalculateResponse,
  TaskCreateRequest,
  TaskDeleteMultipleRequest,
  TaskDuplicateRequest,
  TaskExportRequest,
  TaskFilterQuery,
  TaskFilterRequest,
  TaskFilterResponse,
  TaskFilterValuesResponse,
  TaskHistoryQuery,
  TaskHistoryResponse,
  TaskImportRequest,
  TaskImportResponse,
  TaskMoveRequest,
  TaskMoveResponse,
  TaskPasteRequest,
  TaskPasteResponse,
  TaskSetupRequest,
  TaskSetupResponse,
  TaskUpdateMultipleRequest,
  TaskUpdateRequest,
  UpdatePropertyRequest,
  UserProperties,
} from '@solar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../lib/auth-hook';
import { badRequest } from '../../lib/errors';
import { translate } from '../../lib/messages';
import { sendWrittenAnswer } from '../../lib/response-serializer';
import { calculateTasks } from './board.calculate';
import { exportTasks, importTasks } from './board.csv';
import { boardActivity, taskHistory } from './board.history';
import { moveTasks } from './board.move';
import { pasteCells } from './board.paste';
import { BOARD_ROLES } from './board.policy';
import {
  createTask,
  deleteTasks,
  duplicateTasks,
  filterTasksJson,
  filterTaskValuesJson,
  getTask,
  updateTask,
  updateTasks,
} from './board.service';
import {
  createProperty,
  deleteProperty,
  getProperties,
  previewPropertyRetype,
  replaceColumnOrder,
  updateColumnSettings,
  updateProperty,
} from './board-properties.service';
import { setupBoard } from './board-views.service';

const access = { access: BOARD_ROLES };
const PropertiesAnswer = z.object({ data: UserProperties, message: z.string().optional() });

/** SPEC §7 Tasks and User properties (docs/board.md). */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/task/setup',
    { config: access, schema: { body: TaskSetupRequest, response: { 200: TaskSetupResponse } } },
    async (req) => ({ data: await setupBoard(req.ctx, principalOf(req), req.body, req.lang) }),
  );

  app.post(
    '/task/filter',
    {
      config: access,
      schema: {
        querystring: TaskFilterQuery,
        body: TaskFilterRequest,
        response: { 200: z.union([TaskFilterResponse, TaskFilterValuesResponse]) },
      },
    },
    // Written here as JSON text, the cells as PostgreSQL gives them (filterTasksJson) or each record
    // as PostgreSQL writes it (filterTaskValuesJson, `?cells=values`), and sent as its UTF-8 bytes
    // (sendWrittenAnswer). The schema above still documents the answer.
    async (req, reply) => {
      const values = req.query.cells === 'values';
      const answer = await (values ? filterTaskValuesJson : filterTasksJson)(
        req.ctx,
        principalOf(req),
        req.body,
        req.query,
      );
      return sendWrittenAnswer(req, reply, values ? TaskFilterValuesResponse : TaskFilterResponse, answer);
    },
  );

  // The table's summary row (docs/board.md "Calculations").
  app.post(
    '/task/calculate',
    { config: access, schema: { body: TaskCalculateRequest, response: { 200: TaskCalculateResponse } } },
    async (req) => ({ data: await calculateTasks(req.ctx, principalOf(req), req.body) }),
  );

  // CSV of the view's records (docs/board.md "CSV export and import"); the web saves it as a file.
  app.post('/task/export', { config: access, schema: { body: TaskExportRequest } }, async (req, reply) => {
    const { csv, count } = await exportTasks(req.ctx, principalOf(req), req.body, req.lang);
    const day = new Date().toISOString().slice(0, 10);
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${req.body.board}-${day}.csv"`);
    reply.header('x-record-count', String(count));
    return reply.send(csv);
  });

  app.post(
    '/task/import',
    {
      config: access,
      // 5,000 rows of a wide sheet need more than the default 1 MB.
      bodyLimit: 16 * 1024 * 1024,
      schema: { body: TaskImportRequest, response: { 200: TaskImportResponse } },
    },
    async (req) => ({ data: await importTasks(req.ctx, principalOf(req), req.body, req.lang) }),
  );

  app.post(
    '/task/paste',
    {
      config: access,
      // 5,000 cells of up to 10,000 characters each.
      bodyLimit: 16 * 1024 * 1024,
      schema: { body: TaskPasteRequest, response: { 200: TaskPasteResponse } },
    },
    async (req) => ({ data: await pasteCells(req.ctx, principalOf(req), req.body, req.lang) }),
  );

  app.post(
    '/task/create',
    { config: access, schema: { body: TaskCreateRequest, response: { 200: dataOf(Task) } } },
    async (req) => ({ data: await createTask(req.ctx, principalOf(req), req.body, req.lang) }),
  );

  app.put(
    '/task/update/multiple',
    {
      config: access,
      schema: {
        body: TaskUpdateMultipleRequest,
        response: { 200: dataOf(z.object({ tasks: z.array(Task) })) },
      },
    },
    async (req) => ({
      data: {
        tasks: await updateTasks(req.ctx, principalOf(req), req.body.ids, req.body.update, req.lang),
      },
    }),
  );

  app.post(
    '/task/duplicate',
    {
      config: access,
      schema: { body: TaskDuplicateRequest, response: { 200: dataOf(z.object({ tasks: z.array(Task) })) } },
    },
    async (req) => ({
      data: { tasks: await duplicateTasks(req.ctx, principalOf(req), req.body.board, req.body.ids) },
    }),
  );

  app.put(
    '/task/move',
    { config: access, schema: { body: TaskMoveRequest, response: { 200: dataOf(TaskMoveResponse) } } },
    async (req) => ({ data: await moveTasks(req.ctx, principalOf(req), req.body) }),
  );

  app.get(
    '/task/activity',
    {
      config: access,
      schema: { querystring: BoardActivityQuery, response: { 200: dataOf(BoardActivityResponse) } },
    },
    async (req) => ({ data: await boardActivity(req.ctx, principalOf(req), req.query) }),
  );

  app.get(
    '/task/:id/history',
    {
      config: access,
      schema: {
        params: IdParams,
        querystring: TaskHistoryQuery,
        response: { 200: dataOf(TaskHistoryResponse) },
      },
    },
    async (req) => ({ data: await taskHistory(req.ctx, principalOf(req), req.params.id, req.query) }),
  );

  app.get(
    '/task/:id',
    { config: access, schema: { params: IdParams, response: { 200: dataOf(Task) } } },
    async (req) => ({ data: await getTask(req.ctx, principalOf(req), req.params.id) }),
  );

  app.put(
    '/task/update/:id',
    {
      config: access,
      schema: { params: IdParams, body: TaskUpdateRequest, response: { 200: dataOf(Task) } },
    },
    async (req) => ({ data: await updateTask(req.ctx, principalOf(req), req.params.id, req.body, req.lang) }),
  );

  app.post(
    '/task/delete/multiple',
    {
      config: access,
      schema: {
        body: TaskDeleteMultipleRequest,
        response: { 200: dataOf(z.object({ message: z.string(), deleted: z.number().int() })) },
      },
    },
    async (req) => {
      const deleted = await deleteTasks(req.ctx, principalOf(req), req.body.taskIds);
      return { data: { message: translate('tasks_deleted', req.lang), deleted } };
    },
  );

  app.post(
    '/task/property/create',
    { config: access, schema: { body: PropertyCreateRequest, response: { 200: PropertiesAnswer } } },
    async (req) => ({
      data: await createProperty(req.ctx, principalOf(req), req.body),
      message: translate('property_created', req.lang),
    }),
  );

  app.patch(
    '/task/property/update',
    { config: access, schema: { body: PropertyUpdateRequest, response: { 200: PropertyUpdateResponse } } },
    async (req) => {
      const { properties, retype } = await updateProperty(req.ctx, principalOf(req), req.body, req.lang);
      return {
        data: properties,
        message: translate('property_updated', req.lang),
        ...(retype ? { retype } : {}),
      };
    },
  );

  // What a type change would empty or alter, asked before it (docs/board.md "Changing a column's type").
  app.post(
    '/task/property/retype-preview',
    {
      config: access,
      schema: { body: PropertyRetypePreviewRequest, response: { 200: PropertyRetypePreviewResponse } },
    },
    async (req) => ({ data: await previewPropertyRetype(req.ctx, principalOf(req), req.body, req.lang) }),
  );

  // The property may come in the body (the earlier client) or the query string.
  app.delete(
    '/task/property/delete',
    {
      config: access,
      schema: {
        body: PropertyDeleteRequest.partial().optional(),
        querystring: PropertyDeleteRequest.partial(),
        response: { 200: PropertiesAnswer },
      },
    },
    async (req) => {
      const merged = PropertyDeleteRequest.safeParse({ ...req.query, ...(req.body ?? {}) });
      if (!merged.success) throw badRequest('invalid_input', { key: 'required' });
      return {
        data: await deleteProperty(req.ctx, principalOf(req), merged.data),
        message: translate('property_deleted', req.lang),
      };
    },
  );

  app.get(
    '/user-properties',
    {
      config: access,
      schema: {
        querystring: z.object({ userId: z.uuid().optional(), board: z.enum(BOARDS).default('tasks') }),
        response: { 200: PropertiesAnswer },
      },
    },
    async (req) => ({ data: await getProperties(req.ctx, principalOf(req), req.query.board) }),
  );

  app.put(
    '/user-properties/update-property/:id',
    {
      config: access,
      schema: { params: IdParams, body: UpdatePropertyRequest, response: { 200: PropertiesAnswer } },
    },
    async (req) => ({ data: await updateColumnSettings(req.ctx, principalOf(req), req.params.id, req.body) }),
  );

  app.put(
    '/user-properties/:id',
    {
      config: access,
      schema: { params: IdParams, body: ReplacePropertiesRequest, response: { 200: PropertiesAnswer } },
    },
    async (req) => ({ data: await replaceColumnOrder(req.ctx, principalOf(req), req.params.id, req.body) }),
  );
};
