import { z } from 'zod';
import { Pagination } from '../schemas/common';
import { Calculations, CalculationValue } from './calculations';

/**
 * The project and task board (SPEC §3 "Task / project record", "Column / property", "User properties",
 * "View", "Task set template"; §7 Tasks, Views, User properties, Task templates). docs/board.md tells
 * the whole design.
 */

/** The two boards of a company: `/projects` (one record per saved project) and `/tasks`. */
export const BOARDS = ['projects', 'tasks'] as const;
export type Board = (typeof BOARDS)[number];

/** The data types of SPEC §3, in its order. */
export const DATA_TYPES = [
  'text',
  'number',
  'select',
  'multi-select',
  'status',
  'date',
  'person',
  'files',
  'checkbox',
  'url',
  'email',
  'phone',
  'formula',
  'relation',
  'rollup',
  'createdTime',
  'createdBy',
  'lastEditedTime',
  'lastEditedBy',
  'button',
  'id',
  'null',
  'title',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** The default icon of each data type (Tabler icon names; the server's defaults, the web's fallback). */
export const TYPE_ICONS: Record<DataType, string> = {
  text: 'IconAlignLeft',
  number: 'IconHash',
  select: 'IconSelector',
  'multi-select': 'IconList',
  status: 'IconProgress',
  date: 'IconCalendar',
  person: 'IconUser',
  files: 'IconPaperclip',
  checkbox: 'IconSquareCheck',
  url: 'IconLink',
  email: 'IconMail',
  phone: 'IconPhone',
  formula: 'IconMathFunction',
  relation: 'IconArrowUpRight',
  rollup: 'IconSearch',
  createdTime: 'IconClock',
  createdBy: 'IconUserCircle',
  lastEditedTime: 'IconClockEdit',
  lastEditedBy: 'IconUserEdit',
  button: 'IconClick',
  id: 'IconId',
  null: 'IconPlus',
  title: 'IconLetterCase',
};

/** Types whose value the server computes; a client never writes them. */
export const COMPUTED_TYPES = [
  'formula',
  'rollup',
  'createdTime',
  'createdBy',
  'lastEditedTime',
  'lastEditedBy',
  'id',
  'button',
  'null',
] as const satisfies readonly DataType[];
export const isComputedType = (t: DataType) => (COMPUTED_TYPES as readonly DataType[]).includes(t);

/** Types whose options a column keeps (value, label, colour). */
export const OPTION_TYPES = ['select', 'multi-select', 'status'] as const satisfies readonly DataType[];
export const hasOptions = (t: DataType) => (OPTION_TYPES as readonly DataType[]).includes(t);

export const ROLLUP_AGGREGATES = ['count', 'sum', 'average', 'min', 'max'] as const;
export type RollupAggregate = (typeof ROLLUP_AGGREGATES)[number];

export const VIEW_TYPES = ['table', 'kanban', 'gallery'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** A property name: the key of the cell in every record, unique on a board. */
export const PropertyKey = z
  .string()
  .trim()
  .min(1, { error: 'property_name_empty' })
  .max(100, { error: 'too_big' })
  .refine((s) => !s.startsWith('$'), { error: 'property_name_invalid' })
  // Cells and columns are keyed by the name in JSON objects: `__proto__` cannot be such a key.
  .refine((s) => s !== '__proto__', { error: 'property_name_reserved' });

/** Blank option names are not an error: the server drops them (SPEC §5). */
export const SelectOption = z.object({
  value: z.string().trim().max(200),
  label: z.string().trim().max(200),
  backgroundColor: z.string().max(40),
});
export type SelectOption = z.infer<typeof SelectOption>;

export const RollupConfig = z.object({
  relationProperty: z.string().min(1).max(100),
  targetProperty: z.string().min(1).max(100),
  aggregate: z.enum(ROLLUP_AGGREGATES),
});
export type RollupConfig = z.infer<typeof RollupConfig>;

/** A button sets one property of its record to a value when clicked. */
export const ButtonConfig = z.object({
  label: z.string().trim().min(1).max(100),
  setProperty: z.string().min(1).max(100),
  setValue: z.unknown(),
});
export type ButtonConfig = z.infer<typeof ButtonConfig>;

/** A column (property) definition, kept company-wide per board in user-properties. */
export const Column = z.object({
  id: z.string(),
  label: z.string(),
  accessor: z.string(),
  dataType: z.enum(DATA_TYPES),
  icon: z.string().max(60),
  symbol: z.string().max(60).optional(),
  options: z.array(SelectOption).max(200).optional(),
  created: z.boolean().optional(),
  width: z.number().int().min(60).max(1200).optional(),
  disableResizing: z.boolean().optional(),
  /** Position among the board's columns (0 first). */
  position: z.number().int().min(0),
  /** Formula source (type formula), in the language of board/formula.ts. */
  formula: z.string().max(2000).optional(),
  /** Relation target board (type relation); default the same board. */
  relationBoard: z.enum(BOARDS).optional(),
  rollup: RollupConfig.optional(),
  button: ButtonConfig.optional(),
  /** Fixed by the product (the /projects board's columns): not renamed, retyped or deleted. */
  locked: z.boolean().optional(),
  /** Filled from the saved project (the /projects board): values are read-only. */
  synced: z.boolean().optional(),
});
export type Column = z.infer<typeof Column>;

/** One cell of a record: `{ type, icon, value }`, plus image or background colour (SPEC §3). */
export const Cell = z.object({
  type: z.enum(DATA_TYPES),
  icon: z.string(),
  value: z.unknown(),
  image: z.string().optional(),
  backgroundColor: z.string().optional(),
});
export type Cell = z.infer<typeof Cell>;

export const Task = z.object({
  _id: z.uuid(),
  board: z.enum(BOARDS),
  /** The saved project this record belongs to (a task's project, or the project a /projects row shows). */
  projectId: z.uuid().nullable(),
  viewId: z.uuid().nullable(),
  taskName: z.string(),
  userId: z.uuid().nullable(),
  companyName: z.string(),
  isFrontendVisible: z.boolean(),
  isBlank: z.boolean(),
  isDeleted: z.boolean(),
  fromRecord: z.uuid().nullable(),
  /** Manual order on the board. */
  position: z.number(),
  /** The company-wide running number of the record (the `id` data type). */
  seq: z.number().int(),
  notes: z.string(),
  properties: z.record(z.string(), Cell),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof Task>;

/** A filter of a view (SPEC §3): a column, a value or list of values, its type and icon. */
export const ViewFilter = z.object({
  column: z.string().min(1).max(100),
  value: z.union([z.string().max(500), z.array(z.string().max(500)).max(100), z.null()]).optional(),
  type: z.enum(DATA_TYPES).optional(),
  icon: z.string().max(60).optional(),
});
export type ViewFilter = z.infer<typeof ViewFilter>;

export const ViewSort = z.object({
  column: z.string().min(1).max(100),
  order: z.enum(SORT_ORDERS),
});
export type ViewSort = z.infer<typeof ViewSort>;

export const ViewName = z
  .string({ error: 'view_name_empty' })
  .max(100, { error: 'too_big' })
  .transform((s) => s.trim())
  .refine((s) => s.length > 0, { error: 'view_name_empty' });

export const View = z.object({
  _id: z.uuid(),
  board: z.enum(BOARDS),
  projectId: z.uuid().nullable(),
  userId: z.uuid(),
  name: z.string(),
  viewType: z.enum(VIEW_TYPES),
  filters: z.array(ViewFilter),
  sort: z.array(ViewSort),
  hiddenProperties: z.array(z.string()),
  groupBy: z.string().nullable(),
  /** The kanban's number property summed in each column header. */
  sumProperty: z.string().nullable(),
  /** Column order (property keys). */
  order: z.array(z.string()),
  /** Column widths by property key. */
  width: z.record(z.string(), z.number()),
  /** The summary row's calculation of each column (by property key). */
  calculations: Calculations,
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type View = z.infer<typeof View>;

export const UserProperties = z.object({
  _id: z.uuid(),
  userId: z.uuid().nullable(),
  companyName: z.string(),
  board: z.enum(BOARDS),
  properties: z.record(z.string(), Column),
});
export type UserProperties = z.infer<typeof UserProperties>;

export const TemplateTask = z.object({
  taskName: z.string(),
  notes: z.string(),
  properties: z.record(z.string(), Cell),
});
export type TemplateTask = z.infer<typeof TemplateTask>;

export const TaskTemplate = z.object({
  _id: z.uuid(),
  name: z.string(),
  userId: z.uuid().nullable(),
  companyName: z.string(),
  tasks: z.array(TemplateTask),
  /** The project the task set was saved from, with its address. */
  quoteID: z.object({ _id: z.uuid(), mapboxAddress: z.object({ complete: z.string() }) }).nullable(),
  createdAt: z.string(),
});
export type TaskTemplate = z.infer<typeof TaskTemplate>;

// ---- Requests -------------------------------------------------------------------------------

const BoardField = z.enum(BOARDS).default('tasks');
const Filters = z.array(ViewFilter).max(50);
const Sorts = z.array(ViewSort).max(10);
const Keys = z.array(z.string().min(1).max(100)).max(200);

/** POST /task/filter: the view's filters, sort, grouping and hidden properties, applied in SQL. */
export const TaskFilterRequest = z.object({
  board: BoardField,
  projectId: z.uuid().nullable().optional(),
  viewId: z.uuid().nullable().optional(),
  filters: Filters.default([]),
  sort: Sorts.default([]),
  hiddenProperties: Keys.default([]),
  groupBy: z.string().min(1).max(100).nullable().optional(),
  sumProperty: z.string().min(1).max(100).nullable().optional(),
  order: Keys.optional(),
  /** Accepted for compatibility with the earlier client; the caller's company always applies. */
  companyName: z.string().max(200).optional(),
  /** Free text over the record name. */
  search: z.string().max(200).optional(),
  /** Soft-deleted records instead of the live ones (the bin). */
  deleted: z.boolean().default(false),
});
export type TaskFilterRequest = z.input<typeof TaskFilterRequest>;

/**
 * POST /task/calculate: the summary row of a view, worked out over every record its filters and
 * search let through (the same records `/task/filter` pages through).
 */
export const TaskCalculateRequest = TaskFilterRequest.pick({
  board: true,
  projectId: true,
  filters: true,
  search: true,
  deleted: true,
  groupBy: true,
}).extend({ calculations: Calculations });
export type TaskCalculateRequest = z.input<typeof TaskCalculateRequest>;

export const TaskCalculateResponse = z.object({
  data: z.object({
    /** How many records the calculations went over. */
    total: z.number().int(),
    /** Each asked column's result, by property key. */
    values: z.record(z.string(), CalculationValue),
    /** With `groupBy`: each group's count and results (`value` as `/task/filter`'s groups name it). */
    groups: z
      .array(
        z.object({
          value: z.string().nullable(),
          count: z.number().int(),
          values: z.record(z.string(), CalculationValue),
        }),
      )
      .optional(),
  }),
});
export type TaskCalculateResponse = z.infer<typeof TaskCalculateResponse>;

export const TaskFilterQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /**
   * How the records' cells travel: `objects` (default) as stored, `{ type, icon, value }` by key;
   * `values` as one array of values a record in the order of the answer's `cells`, each cell's
   * type and icon said once for the page (the board's table: a third of the bytes, docs/board.md).
   */
  cells: z.enum(['objects', 'values']).default('objects'),
});

export const TaskGroup = z.object({
  /** The group's value (option value), or null for records without one. */
  value: z.string().nullable(),
  count: z.number().int(),
  sum: z.number().nullable(),
});
export type TaskGroup = z.infer<typeof TaskGroup>;

export const TaskFilterResponse = z.object({
  data: z.object({
    tasks: z.array(Task),
    pagination: Pagination,
    groups: z.array(TaskGroup),
    /** Titles of the records that relation cells of these tasks point to. */
    related: z.record(z.string(), z.string()),
  }),
});
export type TaskFilterResponse = z.infer<typeof TaskFilterResponse>;

/** A column of a `cells=values` page: the key, type and icon of the values at its place. */
export const CellKey = z.object({ key: z.string(), type: z.enum(DATA_TYPES), icon: z.string() });
export type CellKey = z.infer<typeof CellKey>;

/** A record of a `cells=values` page: its cells' values in the order of the page's `cells`. */
export const TaskValues = Task.omit({ properties: true }).extend({ values: z.array(z.unknown()) });
export type TaskValues = z.infer<typeof TaskValues>;

/** POST /task/filter?cells=values: the records' cells as values, their keys, types and icons once. */
export const TaskFilterValuesResponse = z.object({
  data: TaskFilterResponse.shape.data.extend({ cells: z.array(CellKey), tasks: z.array(TaskValues) }),
});
export type TaskFilterValuesResponse = z.infer<typeof TaskFilterValuesResponse>;

/**
 * A `cells=values` record as a `Task`: each value becomes the cell `{ type, icon, value }` of its
 * column (a value of null too, as a stored empty cell is; the stored cell's image or background
 * colour, which the board's table does not show, is not part of this form).
 */
export function taskOfValues(row: TaskValues, cells: readonly CellKey[]): Task {
  const { values, ...task } = row;
  const properties: Record<string, Cell> = {};
  cells.forEach((c, i) => {
    properties[c.key] = { type: c.type, icon: c.icon, value: values[i] ?? null };
  });
  return { ...task, properties };
}

/** The longest notes a record keeps. */
export const NOTES_MAX_LENGTH = 20_000;

/** New values by property key; `null` clears a value. */
export const PropertyValues = z.record(z.string().min(1).max(100), z.unknown());

export const TaskCreateRequest = z.object({
  board: BoardField,
  projectId: z.uuid().nullable().optional(),
  viewId: z.uuid().nullable().optional(),
  taskName: z.string().trim().max(500).default(''),
  notes: z.string().max(NOTES_MAX_LENGTH).optional(),
  properties: PropertyValues.optional(),
  /** Insert right after this record (`null`: first on the board; left out: at the end). */
  afterId: z.uuid().nullable().optional(),
});
export type TaskCreateRequest = z.input<typeof TaskCreateRequest>;

/** GET /task/{id}/history?cursor&limit: a record's history, newest first (docs/board.md). */
export const TaskHistoryQuery = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const RecordHistoryEvent = z.object({
  id: z.number().int(),
  kind: z.enum(['created', 'changed', 'deleted', 'restored']),
  /** The values written: `taskName`, `notes` or a property key, with the value before and after. */
  changes: z.array(z.object({ key: z.string(), from: z.unknown(), to: z.unknown() })),
  at: z.string(),
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type RecordHistoryEvent = z.infer<typeof RecordHistoryEvent>;

export const TaskHistoryResponse = z.object({
  events: z.array(RecordHistoryEvent),
  nextCursor: z.number().int().nullable(),
});
export type TaskHistoryResponse = z.infer<typeof TaskHistoryResponse>;

/** GET /task/activity?board&cursor&limit: the latest entries of every record of a board. */
/**
 * GET /task/activity: the board's entries, newest first; optionally one person's (`userId`) and
 * those made at or after an instant (`since`, ISO 8601: the panel's "today", "last 7 days", ...).
 */
export const BoardActivityQuery = TaskHistoryQuery.extend({
  board: BoardField,
  userId: z.uuid({ error: 'invalid_value' }).optional(),
  since: z.iso.datetime({ offset: true, error: 'invalid_value' }).optional(),
});

export const BoardActivityEvent = RecordHistoryEvent.extend({
  record: z.object({ id: z.string(), name: z.string(), isDeleted: z.boolean() }),
});
export type BoardActivityEvent = z.infer<typeof BoardActivityEvent>;

export const BoardActivityResponse = z.object({
  events: z.array(BoardActivityEvent),
  nextCursor: z.number().int().nullable(),
});

/** POST /task/duplicate: copies of records, each right after its original. */
export const TaskDuplicateRequest = z.object({
  board: BoardField,
  ids: z.array(z.uuid()).min(1, { error: 'required' }).max(100),
});
export type TaskDuplicateRequest = z.input<typeof TaskDuplicateRequest>;

export const TaskUpdateRequest = z.object({
  taskName: z.string().trim().max(500).optional(),
  notes: z.string().max(NOTES_MAX_LENGTH).optional(),
  properties: PropertyValues.optional(),
  position: z.number().optional(),
  projectId: z.uuid().nullable().optional(),
  isDeleted: z.boolean().optional(),
  /** Presses a button property. */
  pressButton: z.string().min(1).max(100).optional(),
  /**
   * The values this edit was made on, as the editor saw them (the record drawer): a field whose stored
   * value differs now was changed by someone else meanwhile, and the update is refused whole with
   * 409 `edit_conflict`, naming those fields (docs/board.md, "Two people on one record"). Notes that
   * both changed on different lines are merged instead (mergeText) and saved.
   */
  expected: z
    .object({
      taskName: z.string().max(500).optional(),
      notes: z.string().max(NOTES_MAX_LENGTH).optional(),
      properties: PropertyValues.optional(),
    })
    .optional(),
});
export type TaskUpdateRequest = z.input<typeof TaskUpdateRequest>;

export const TaskUpdateMultipleRequest = z.object({
  ids: z.array(z.uuid()).min(1, { error: 'required' }).max(1000),
  update: TaskUpdateRequest.omit({ position: true, pressButton: true, expected: true }),
});
/** POST /task/export: the view's filters and order as CSV (docs/board.md, "CSV export and import"). */
export const TaskExportRequest = TaskFilterRequest.extend({
  /** `;` where spreadsheets expect it (German), `,` otherwise; the server picks from the language. */
  delimiter: z.enum([',', ';', '\t']).optional(),
});

/** The most rows one CSV import takes (the header not counted). */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_COLUMNS = 100;

/**
 * POST /task/import: rows read from a CSV file in the browser, and for each of its columns the
 * property it fills (`null` ignores the column). `dryRun` checks every row and writes nothing.
 */
export const TaskImportRequest = z.object({
  board: BoardField,
  projectId: z.uuid().nullable().optional(),
  mapping: z.array(z.string().min(1).max(100).nullable()).min(1).max(IMPORT_MAX_COLUMNS),
  rows: z
    .array(z.array(z.string().max(10000)).max(IMPORT_MAX_COLUMNS))
    .min(1, { error: 'required' })
    .max(IMPORT_MAX_ROWS),
  dryRun: z.boolean().default(false),
});

export const ImportRejection = z.object({
  /** The row's number in the file, the header being row 1. */
  row: z.number().int(),
  errors: z.array(z.object({ property: z.string(), message: z.string() })),
});

export const TaskImportResponse = z.object({
  data: z.object({
    /** Rows written (or, in a dry run, that would be written). */
    created: z.number().int(),
    rejected: z.array(ImportRejection),
    /** Options added to select, status and multi-select properties, by property. */
    newOptions: z.record(z.string(), z.array(z.string())),
    dryRun: z.boolean(),
    message: z.string(),
  }),
});
export type TaskImportResponse = z.infer<typeof TaskImportResponse>;

/** The most cells one paste writes (a sheet of 500 rows by 10 columns). */
export const PASTE_MAX_CELLS = 5000;
/** The most records one paste changes (as many as `PUT /task/update/multiple` takes). */
export const PASTE_MAX_RECORDS = 1000;

/**
 * One pasted cell: `text` is read like a CSV cell (numbers in the request's language and, where
 * unambiguous, the other's: `parseNumberText`; options by label, people by name or e-mail, checkboxes
 * as yes/no words); without `text`, `value` is a stored value as the board answers it (null clears),
 * which is how an undone paste puts cells back.
 */
export const PasteCell = z.object({
  id: z.uuid(),
  key: z.string().min(1).max(100),
  text: z.string().max(10000).optional(),
  value: z.unknown().optional(),
});
export type PasteCell = z.infer<typeof PasteCell>;

/** POST /task/paste: cells of one board written together, all or none (docs/board.md). */
export const TaskPasteRequest = z.object({
  board: BoardField,
  cells: z.array(PasteCell).min(1, { error: 'required' }).max(PASTE_MAX_CELLS),
});
export type TaskPasteRequest = z.input<typeof TaskPasteRequest>;

export const TaskPasteResponse = z.object({
  data: z.object({
    tasks: z.array(Task),
    /** Each pasted cell's value before the paste, in the request's order (for undo). */
    previous: z.array(z.object({ id: z.string(), key: z.string(), value: z.unknown() })),
    /** Options added to select, status and multi-select properties, by property. */
    newOptions: z.record(z.string(), z.array(z.string())),
    message: z.string(),
  }),
});
export type TaskPasteResponse = z.infer<typeof TaskPasteResponse>;

/**
 * PUT /task/move: records ordered by hand (docs/board.md, "Ordering rows by hand"). Either `afterId`
 * (the records go, in the order given, right after that record; `null` puts them first) or
 * `positions` (one for each id: the exact places an undo puts them back to).
 */
export const TaskMoveRequest = z
  .object({
    board: BoardField,
    ids: z.array(z.uuid()).min(1, { error: 'required' }).max(1000),
    afterId: z.uuid().nullable().optional(),
    positions: z.array(z.number().finite()).max(1000).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.positions === undefined && body.afterId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['afterId'], message: 'required' });
    } else if (body.positions !== undefined && body.afterId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['positions'], message: 'move_target_twice' });
    } else if (body.positions && body.positions.length !== body.ids.length) {
      ctx.addIssue({ code: 'custom', path: ['positions'], message: 'positions_length' });
    }
    if (body.afterId && body.ids.includes(body.afterId)) {
      ctx.addIssue({ code: 'custom', path: ['afterId'], message: 'move_after_itself' });
    }
    if (new Set(body.ids).size !== body.ids.length) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'duplicate_ids' });
    }
  });
export type TaskMoveRequest = z.input<typeof TaskMoveRequest>;

/** Where each moved record was and is now (the client keeps both for undo and redo). */
export const TaskMoveResponse = z.object({
  moved: z.array(z.object({ id: z.string(), position: z.number(), previous: z.number() })),
});
export type TaskMoveResponse = z.infer<typeof TaskMoveResponse>;

export const TaskDeleteMultipleRequest = z.object({
  taskIds: z.array(z.uuid()).min(1, { error: 'required' }).max(1000),
});

export const TaskSetupRequest = z.object({
  board: BoardField,
  projectId: z.uuid().nullable().optional(),
});
export const TaskSetupResponse = z.object({
  data: z.object({ properties: UserProperties, views: z.array(View) }),
});

const ColumnFields = {
  icon: z.string().max(60).optional(),
  options: z.array(SelectOption).max(200).optional(),
  width: z.number().int().min(60).max(1200).optional(),
  formula: z.string().max(2000).optional(),
  relationBoard: z.enum(BOARDS).optional(),
  rollup: RollupConfig.optional(),
  button: ButtonConfig.optional(),
};

export const PropertyCreateRequest = z.object({
  board: BoardField,
  key: PropertyKey,
  type: z.enum(DATA_TYPES),
  /** Where to insert (0 first); default last. */
  position: z.number().int().min(0).optional(),
  ...ColumnFields,
});
export type PropertyCreateRequest = z.input<typeof PropertyCreateRequest>;

export const PropertyUpdateRequest = z.object({
  board: BoardField,
  oldPropertyKey: z.string().min(1).max(100),
  newProperty: z.object({
    key: PropertyKey,
    type: z.enum(DATA_TYPES),
    ...ColumnFields,
  }),
  /**
   * The type change this one takes back (its `retype.id`): the cells that change could not convert
   * are put back as they were (docs/board.md "Changing a column's type").
   */
  restoreRetype: z.uuid().optional(),
});
export type PropertyUpdateRequest = z.input<typeof PropertyUpdateRequest>;

/** PATCH /task/property/update: the board's columns, and what its undo needs of a type change. */
export const PropertyUpdateResponse = z.object({
  data: UserProperties,
  message: z.string().optional(),
  /** Set when the change converted values it cannot give back: `restoreRetype` of its undo. */
  retype: z.object({ id: z.uuid(), kept: z.number().int() }).optional(),
});
export type PropertyUpdateResponse = z.infer<typeof PropertyUpdateResponse>;

/** POST /task/property/retype-preview: what changing a column to `type` would do to its values. */
export const PropertyRetypePreviewRequest = z.object({
  board: BoardField,
  key: z.string().min(1).max(100),
  type: z.enum(DATA_TYPES),
});
export type PropertyRetypePreviewRequest = z.input<typeof PropertyRetypePreviewRequest>;

/**
 * `values`: the column's filled cells; `emptied`: those that cannot be converted and would be
 * emptied; `altered`: those converted into something else than they were (`3,5` becoming 3.5, a list
 * cut to its first item), which converting back would not give again.
 */
export const PropertyRetypePreview = z.object({
  values: z.number().int(),
  emptied: z.number().int(),
  altered: z.number().int(),
});
export type PropertyRetypePreview = z.infer<typeof PropertyRetypePreview>;
export const PropertyRetypePreviewResponse = z.object({ data: PropertyRetypePreview });

export const PropertyDeleteRequest = z.object({
  board: BoardField,
  key: z.string().min(1).max(100),
});

export const PropertiesResponse = z.object({ data: UserProperties });

export const ViewCreateRequest = z.object({
  board: BoardField,
  projectId: z.uuid().nullable().optional(),
  name: ViewName,
  viewType: z.enum(VIEW_TYPES).default('table'),
  filters: Filters.optional(),
  sort: Sorts.optional(),
  hiddenProperties: Keys.optional(),
  groupBy: z.string().max(100).nullable().optional(),
  sumProperty: z.string().max(100).nullable().optional(),
  order: Keys.optional(),
  width: z.record(z.string(), z.number().int().min(60).max(1200)).optional(),
  calculations: Calculations.optional(),
});
export type ViewCreateRequest = z.input<typeof ViewCreateRequest>;

export const ViewEditRequest = z.object({
  _id: z.uuid(),
  name: ViewName.optional(),
  viewType: z.enum(VIEW_TYPES).optional(),
  filters: Filters.optional(),
  sort: Sorts.optional(),
  hiddenProperties: Keys.optional(),
  groupBy: z.string().max(100).nullable().optional(),
  sumProperty: z.string().max(100).nullable().optional(),
  order: Keys.optional(),
  width: z.record(z.string(), z.number().int().min(60).max(1200)).optional(),
  calculations: Calculations.optional(),
  position: z.number().int().min(0).optional(),
});
export type ViewEditRequest = z.input<typeof ViewEditRequest>;

export const ViewHiddenRequest = z.object({ _id: z.uuid(), hiddenProperties: Keys });

export const ViewResponse = z.object({ data: View });
export const ViewListResponse = z.object({ data: z.array(View) });

export const UserProjectsResponse = z.object({
  data: z.array(
    z.object({
      _id: z.uuid(),
      address: z.string(),
      shortId: z.string(),
      taskCount: z.number().int(),
    }),
  ),
});

export const UpdatePropertyRequest = z.object({
  key: z.string().min(1).max(100),
  property: z.object(ColumnFields).extend({ position: z.number().int().min(0).optional() }),
});
export const ReplacePropertiesRequest = z.object({
  /** Column order and widths: property keys in their new order, with optional widths. */
  order: z.array(z.string().min(1).max(100)).max(200),
  width: z.record(z.string(), z.number().int().min(60).max(1200)).optional(),
});

/** A task set holds at most this many tasks: the first ones of the view, in board order. */
export const MAX_TEMPLATE_TASKS = 200;
export const TaskTemplateCreateRequest = z.object({
  name: z.string().trim().max(100).optional(),
  userId: z.uuid().optional(),
  companyName: z.string().max(200).optional(),
  /** The board filter whose tasks become the template (usually the current view's). */
  filterData: TaskFilterRequest.omit({ board: true, deleted: true }).partial().default({}),
});
export const TaskTemplateListRequest = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(50),
});
export const TaskTemplateImportRequest = z.object({ projectId: z.uuid(), templateId: z.uuid() });
export const TaskTemplateDeleteRequest = z.object({
  templateIds: z.array(z.uuid()).min(1, { error: 'required' }).max(200),
});
export const TaskTemplateUpdateRequest = z.object({
  name: z
    .string()
    .max(100)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: 'template_name_empty' }),
});
export const TaskTemplateResponse = z.object({ data: TaskTemplate });
export const TaskTemplateListResponse = z.object({
  data: z.object({ docs: z.array(TaskTemplate), pagination: Pagination }),
});
