import {
  type Board,
  type Column,
  hasOptions,
  isComputedType,
  type Language,
  type PropertyCreateRequest,
  type PropertyRetypePreviewRequest,
  type PropertyUpdateRequest,
  parseFormula,
  type ReplacePropertiesRequest,
  randomOptionColor,
  renamePropertyInFormula,
  type SelectOption,
  type UpdatePropertyRequest,
} from '@solar/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../../lib/auth-hook';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { orderedColumns, TITLE_KEY, TYPE_ICONS } from './board.columns';
import { boardCompany, canEditSchema } from './board.policy';
import {
  companyName,
  keptColumns,
  loadColumns,
  recomputeRecords,
  saveColumns,
  toUserProperties,
} from './board.repository';
import { convertCells, keepRetype, previewRetype, type Retype, takeRetype } from './board.retype';
import { rowsOf } from './board.sql';

/** Column changes read the definitions locked (loadColumns). */
const FOR_UPDATE = { forUpdate: true } as const;

/** Who may change the column definitions of a board (SPEC §6 and docs/board.md). */
function schemaScope(me: Principal, board: Board, action: 'add' | 'edit' | 'delete'): string {
  const companyId = boardCompany(me);
  if (board === 'projects') {
    if (action === 'add') throw new AppError(403, 'projects_no_new_properties');
    if (action === 'delete') throw new AppError(403, 'projects_no_delete_properties');
    throw new AppError(403, 'projects_no_edit_properties');
  }
  if (!canEditSchema(me)) throw new AppError(403, 'property_schema_role');
  return companyId;
}

async function answer(db: DbOrTx, companyId: string, board: Board, userId: string) {
  const [columns, name] = await Promise.all([
    keptColumns(db, companyId, board, userId),
    companyName(db, companyId),
  ]);
  return toUserProperties(columns, name);
}

/** Checks the type-specific settings of a column against the board's other columns. */
function checkConfig(column: Column, columns: Record<string, Column>): void {
  if (column.dataType === 'formula') {
    const parsed = parseFormula(column.formula ?? '');
    if (!parsed.ok) {
      throw new AppError(
        400,
        'invalid_formula_detail',
        { formula: 'invalid_formula' },
        { detail: parsed.error },
      );
    }
  }
  if (column.dataType === 'rollup') {
    const relation = column.rollup ? columns[column.rollup.relationProperty] : undefined;
    if (!column.rollup || relation?.dataType !== 'relation') {
      throw badRequest('invalid_input', { rollup: 'invalid_rollup' });
    }
  }
  if (column.dataType === 'button') {
    const target = column.button ? columns[column.button.setProperty] : undefined;
    if (!target || isComputedType(target.dataType) || target.synced || target.id === TITLE_KEY) {
      throw badRequest('invalid_input', { button: 'invalid_button' });
    }
  }
}

/** Options trimmed, blanks dropped, duplicates merged, missing colours filled from the palette. */
function cleanOptions(options: SelectOption[] | undefined): SelectOption[] | undefined {
  if (!options) return undefined;
  const seen = new Set<string>();
  const out: SelectOption[] = [];
  for (const o of options) {
    const value = o.value.trim();
    if (!value || seen.has(value)) continue;
    seen.add(value);
    out.push({
      value,
      label: o.label.trim() || value,
      backgroundColor: o.backgroundColor || randomOptionColor(),
    });
  }
  return out;
}

/** Renumbers positions 0..n-1 in the given order. */
function renumber(columns: Column[]): Record<string, Column> {
  return Object.fromEntries(columns.map((c, i) => [c.id, { ...c, position: i }]));
}

/** POST /task/property/create. */
export async function createProperty(
  ctx: AppContext,
  me: Principal,
  input: z.output<typeof PropertyCreateRequest>,
) {
  const companyId = schemaScope(me, input.board, 'add');
  await ctx.database.db.transaction(async (tx) => {
    const { properties } = await loadColumns(tx, companyId, input.board, me.id, undefined, FOR_UPDATE);
    if (Object.hasOwn(properties, input.key) || input.key === TITLE_KEY) {
      throw badRequest('invalid_input', { key: 'property_exists' });
    }
    const list = orderedColumns(properties);
    const column: Column = {
      id: input.key,
      label: input.key,
      accessor: input.key,
      dataType: input.type,
      icon: input.icon ?? TYPE_ICONS[input.type],
      position: 0,
      created: true,
      ...(hasOptions(input.type) ? { options: cleanOptions(input.options) ?? [] } : {}),
      ...(input.width ? { width: input.width } : {}),
      ...(input.formula !== undefined ? { formula: input.formula } : {}),
      ...(input.relationBoard ? { relationBoard: input.relationBoard } : {}),
      ...(input.rollup ? { rollup: input.rollup } : {}),
      ...(input.button ? { button: input.button } : {}),
    };
    checkConfig(column, properties);
    const at = Math.min(Math.max(input.position ?? list.length, 1), list.length);
    list.splice(at, 0, column);
    await saveColumns(tx, companyId, input.board, renumber(list));
    await recomputeRecords(tx, companyId, sql`r.board = ${input.board}`);
  });
  return answer(ctx.database.db, companyId, input.board, me.id);
}

/**
 * Moves every record's cell from one key to another and converts values to a new type (putting back
 * the values of the change `restore` takes back). Returns the option names found and the cells the
 * conversion could not give back.
 */
async function rekeyCells(
  tx: DbOrTx,
  companyId: string,
  board: Board,
  from: Column,
  to: Column,
  lang: Language,
  restore?: Retype,
) {
  if (from.id !== to.id) {
    await tx.execute(sql`UPDATE board_records SET properties = (properties - ${from.id})
        || jsonb_build_object(${to.id}::text, properties -> ${from.id})
      WHERE company_id = ${companyId} AND board = ${board} AND properties ? ${from.id}`);
  }
  if (from.dataType === to.dataType) return { newOptions: [], kept: [] };
  const types = { from: from.dataType, to: to.dataType };
  const { updates, newOptions, kept } = await convertCells(tx, companyId, board, to.id, types, lang, restore);
  for (let i = 0; i < updates.length; i += 500) {
    const chunk = updates.slice(i, i + 500);
    await tx.execute(sql`UPDATE board_records r SET properties = jsonb_set(r.properties, ARRAY[${to.id}::text],
        jsonb_build_object('type', ${to.dataType}::text, 'icon', ${to.icon}::text, 'value', x.v))
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(id uuid, v jsonb)
      WHERE r.id = x.id AND r.company_id = ${companyId}`);
  }
  return { newOptions, kept };
}

/**
 * PATCH /task/property/update: rename (records re-keyed, formulas rewritten) and/or change type (text
 * read as numbers, and numbers written as text, in the caller's language `lang`).
 */
export async function updateProperty(
  ctx: AppContext,
  me: Principal,
  input: z.output<typeof PropertyUpdateRequest>,
  lang: Language,
) {
  const companyId = schemaScope(me, input.board, 'edit');
  let retype: { id: string; kept: number } | undefined;
  await ctx.database.db.transaction(async (tx) => {
    const { properties } = await loadColumns(tx, companyId, input.board, me.id, undefined, FOR_UPDATE);
    const old = Object.hasOwn(properties, input.oldPropertyKey)
      ? properties[input.oldPropertyKey]
      : undefined;
    if (!old) throw notFound('property_not_found');
    const next = input.newProperty;
    const isTitle = old.id === TITLE_KEY;
    if (isTitle && next.type !== 'title') throw badRequest('invalid_input', { type: 'title_property_fixed' });
    if (!isTitle && next.type === 'title') throw badRequest('invalid_input', { type: 'invalid_value' });
    const newKey = isTitle ? TITLE_KEY : next.key;
    if (newKey !== old.id && (Object.hasOwn(properties, newKey) || newKey === TITLE_KEY)) {
      throw badRequest('invalid_input', { key: 'property_exists' });
    }
    const column: Column = {
      ...old,
      id: newKey,
      accessor: newKey,
      label: isTitle ? next.key : newKey,
      dataType: next.type,
      icon: next.icon ?? (next.type === old.dataType ? old.icon : TYPE_ICONS[next.type]),
      ...(next.width ? { width: next.width } : {}),
      ...(next.formula !== undefined ? { formula: next.formula } : {}),
      ...(next.relationBoard ? { relationBoard: next.relationBoard } : {}),
      ...(next.rollup ? { rollup: next.rollup } : {}),
      ...(next.button ? { button: next.button } : {}),
    };
    if (hasOptions(next.type)) column.options = cleanOptions(next.options) ?? old.options ?? [];
    const rest = Object.fromEntries(Object.entries(properties).filter(([k]) => k !== old.id));
    checkConfig(column, rest);
    const restore = input.restoreRetype
      ? await takeRetype(tx, companyId, input.board, input.restoreRetype, {
          key: old.id,
          from: old.dataType,
          to: column.dataType,
        })
      : undefined;
    const { newOptions: added, kept } = isTitle
      ? { newOptions: [], kept: [] }
      : await rekeyCells(tx, companyId, input.board, old, column, lang, restore);
    if (old.dataType !== column.dataType) {
      const change = { key: newKey, from: old.dataType, to: column.dataType, kept };
      const id = await keepRetype(tx, companyId, me.id, input.board, change);
      if (id) retype = { id, kept: kept.length };
    }
    if (added.length && hasOptions(column.dataType)) {
      const known = new Set((column.options ?? []).map((o) => o.value));
      const extra = added.filter((v) => !known.has(v));
      column.options = [
        ...(column.options ?? []),
        ...extra.map((v) => ({ value: v, label: v, backgroundColor: randomOptionColor() })),
      ];
    }
    if (newKey !== old.id) await renameInViews(tx, companyId, input.board, old.id, newKey);
    const renamed = renameReferences(Object.values(rest), old.id, newKey);
    const list = [...renamed, column].sort((a, b) => a.position - b.position);
    await saveColumns(tx, companyId, input.board, renumber(list));
    await recomputeRecords(tx, companyId, sql`r.board = ${input.board}`);
  });
  return { properties: await answer(ctx.database.db, companyId, input.board, me.id), retype };
}

/** POST /task/property/retype-preview: who may change a column's type may ask what it would lose. */
export function previewPropertyRetype(
  ctx: AppContext,
  me: Principal,
  input: z.output<typeof PropertyRetypePreviewRequest>,
  lang: Language,
) {
  return previewRetype(ctx, me, schemaScope(me, input.board, 'edit'), input, lang);
}

/**
 * Every view of the board follows a renamed property: order, widths, calculations, hidden, filters,
 * sort, group, sum.
 */
async function renameInViews(tx: DbOrTx, companyId: string, board: Board, from: string, to: string) {
  const list = (column: SQL) => sql`(SELECT coalesce(jsonb_agg(CASE WHEN e #>> '{}' = ${from}
      THEN to_jsonb(${to}::text) ELSE e END ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements(${column}) WITH ORDINALITY AS x(e, n))`;
  const byColumn = (column: SQL) => sql`(SELECT coalesce(jsonb_agg(CASE WHEN e ->> 'column' = ${from}
      THEN jsonb_set(e, '{column}', to_jsonb(${to}::text)) ELSE e END ORDER BY n), '[]'::jsonb)
    FROM jsonb_array_elements(${column}) WITH ORDINALITY AS x(e, n))`;
  await tx.execute(sql`UPDATE board_views SET
      "order" = ${list(sql`"order"`)},
      hidden_properties = ${list(sql`hidden_properties`)},
      width = CASE WHEN width ? ${from} THEN (width - ${from}) || jsonb_build_object(${to}::text, width -> ${from})
        ELSE width END,
      calculations = CASE WHEN calculations ? ${from}
        THEN (calculations - ${from}) || jsonb_build_object(${to}::text, calculations -> ${from})
        ELSE calculations END,
      filters = ${byColumn(sql`filters`)},
      sort = ${byColumn(sql`sort`)},
      group_by = CASE WHEN group_by = ${from} THEN ${to} ELSE group_by END,
      sum_property = CASE WHEN sum_property = ${from} THEN ${to} ELSE sum_property END
    WHERE company_id = ${companyId} AND board = ${board}`);
}

/** Formulas, rollups and buttons that name a renamed property follow it. */
function renameReferences(columns: Column[], from: string, to: string): Column[] {
  if (from === to) return columns;
  return columns.map((c) => {
    const out = { ...c };
    if (c.formula) out.formula = renamePropertyInFormula(c.formula, from, to);
    if (c.rollup) {
      out.rollup = {
        ...c.rollup,
        relationProperty: c.rollup.relationProperty === from ? to : c.rollup.relationProperty,
        targetProperty: c.rollup.targetProperty === from ? to : c.rollup.targetProperty,
      };
    }
    if (c.button?.setProperty === from) out.button = { ...c.button, setProperty: to };
    return out;
  });
}

/** DELETE /task/property/delete: the column and every record's cell of it. */
export async function deleteProperty(ctx: AppContext, me: Principal, input: { board: Board; key: string }) {
  const companyId = schemaScope(me, input.board, 'delete');
  await ctx.database.db.transaction(async (tx) => {
    const { properties } = await loadColumns(tx, companyId, input.board, me.id, undefined, FOR_UPDATE);
    if (!Object.hasOwn(properties, input.key)) throw notFound('property_not_found');
    if (input.key === TITLE_KEY) throw badRequest('invalid_input', { key: 'title_property_fixed' });
    const rest = orderedColumns(properties).filter((c) => c.id !== input.key);
    await saveColumns(tx, companyId, input.board, renumber(rest));
    await tx.execute(sql`UPDATE board_records SET properties = properties - ${input.key}
      WHERE company_id = ${companyId} AND board = ${input.board} AND properties ? ${input.key}`);
    await tx.execute(sql`UPDATE board_views SET
        hidden_properties = hidden_properties - ${input.key}, "order" = "order" - ${input.key},
        width = width - ${input.key}, calculations = calculations - ${input.key},
        filters = coalesce((SELECT jsonb_agg(f) FROM jsonb_array_elements(filters) f
          WHERE f ->> 'column' <> ${input.key}), '[]'::jsonb),
        sort = coalesce((SELECT jsonb_agg(s) FROM jsonb_array_elements(sort) s
          WHERE s ->> 'column' <> ${input.key}), '[]'::jsonb),
        group_by = CASE WHEN group_by = ${input.key} THEN NULL ELSE group_by END,
        sum_property = CASE WHEN sum_property = ${input.key} THEN NULL ELSE sum_property END
      WHERE company_id = ${companyId} AND board = ${input.board}`);
    await recomputeRecords(tx, companyId, sql`r.board = ${input.board}`);
  });
  return answer(ctx.database.db, companyId, input.board, me.id);
}

/** GET /user-properties. */
export async function getProperties(ctx: AppContext, me: Principal, board: Board) {
  const companyId = boardCompany(me);
  return answer(ctx.database.db, companyId, board, me.id);
}

async function propertiesById(tx: DbOrTx, companyId: string, id: string) {
  const rows = rowsOf<{ board: Board }>(
    await tx.execute(sql`SELECT board FROM board_properties WHERE id = ${id} AND company_id = ${companyId}`),
  );
  if (!rows[0]) throw notFound();
  return rows[0].board;
}

/**
 * PUT /user-properties/update-property/{_id}: a column's options, width, icon, formula or position.
 * On /projects only options and width may change (names, types and icons are fixed, SPEC §6).
 */
export async function updateColumnSettings(
  ctx: AppContext,
  me: Principal,
  id: string,
  input: z.output<typeof UpdatePropertyRequest>,
) {
  const companyId = boardCompany(me);
  let board: Board = 'tasks';
  await ctx.database.db.transaction(async (tx) => {
    board = await propertiesById(tx, companyId, id);
    const { properties } = await loadColumns(tx, companyId, board, me.id, undefined, FOR_UPDATE);
    const old = Object.hasOwn(properties, input.key) ? properties[input.key] : undefined;
    if (!old) throw notFound('property_not_found');
    const p = input.property;
    const touchesSchema =
      p.icon !== undefined ||
      p.formula !== undefined ||
      p.rollup !== undefined ||
      p.button !== undefined ||
      p.relationBoard !== undefined;
    if (touchesSchema) schemaScope(me, board, 'edit');
    if (p.options && old.synced) throw new AppError(403, 'projects_no_edit_properties');
    const column: Column = { ...old };
    if (p.icon !== undefined) column.icon = p.icon;
    if (p.width !== undefined) column.width = p.width;
    if (p.formula !== undefined) column.formula = p.formula;
    if (p.rollup !== undefined) column.rollup = p.rollup;
    if (p.button !== undefined) column.button = p.button;
    if (p.relationBoard !== undefined) column.relationBoard = p.relationBoard;
    if (p.options && hasOptions(old.dataType)) column.options = cleanOptions(p.options);
    checkConfig(column, properties);
    const list = orderedColumns({ ...properties, [old.id]: column }).filter((c) => c.id !== old.id);
    const at = p.position === undefined ? old.position : Math.min(Math.max(p.position, 1), list.length);
    list.splice(old.id === TITLE_KEY ? 0 : at, 0, column);
    await saveColumns(tx, companyId, board, renumber(list));
    if (p.formula !== undefined || p.rollup !== undefined) {
      await recomputeRecords(tx, companyId, sql`r.board = ${board}`);
    }
  });
  return answer(ctx.database.db, companyId, board, me.id);
}

/** PUT /user-properties/{_id}: the columns' order (the name column stays first) and widths. */
export async function replaceColumnOrder(
  ctx: AppContext,
  me: Principal,
  id: string,
  input: z.output<typeof ReplacePropertiesRequest>,
) {
  const companyId = boardCompany(me);
  let board: Board = 'tasks';
  await ctx.database.db.transaction(async (tx) => {
    board = await propertiesById(tx, companyId, id);
    const { properties } = await loadColumns(tx, companyId, board, me.id, undefined, FOR_UPDATE);
    const rank = new Map(input.order.map((k, i) => [k, i]));
    const list = orderedColumns(properties).sort((a, b) => {
      if (a.id === TITLE_KEY) return -1;
      if (b.id === TITLE_KEY) return 1;
      return (rank.get(a.id) ?? 1e6 + a.position) - (rank.get(b.id) ?? 1e6 + b.position);
    });
    for (const c of list) {
      const w = input.width?.[c.id];
      if (w !== undefined) c.width = w;
    }
    await saveColumns(tx, companyId, board, renumber(list));
  });
  return answer(ctx.database.db, companyId, board, me.id);
}
