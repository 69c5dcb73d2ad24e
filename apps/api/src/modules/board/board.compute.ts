import {
  type Cell,
  type Column,
  evaluateFormula,
  type FormulaValue,
  formulaValueToCell,
  rollup,
} from '@solar/shared';
import { TITLE_KEY } from './board.columns';

/** What computing a record's derived cells needs to know of it. */
export interface ComputeRecord {
  id: string;
  taskName: string;
  seq: number;
  properties: Record<string, Cell>;
  createdAt: string;
  updatedAt: string;
  userId: string | null;
  updatedBy: string | null;
}

export interface ComputeContext {
  /** Columns of the record's board, by key. */
  columns: Record<string, Column>;
  /** Related records by id (for rollups), with their own board's columns' values. */
  related: Map<string, { taskName: string; properties: Record<string, Cell> }>;
  /** Display names of users by id. */
  userNames: Map<string, string>;
  now?: Date;
}

const readValue = (record: { taskName: string; properties: Record<string, Cell> }, key: string) =>
  key === TITLE_KEY ? record.taskName : record.properties[key]?.value;

/**
 * Fills in a record's derived cells (SPEC §3 types formula, rollup, createdTime, createdBy,
 * lastEditedTime, lastEditedBy, id, button, null) and gives every stored cell its column's type and
 * icon. Rollups are computed before formulas so a formula may read a rollup; formulas may read
 * formulas (a cycle gives an error value). Cells of unknown properties are dropped.
 */
export function computeRecord(record: ComputeRecord, ctx: ComputeContext): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  const cols = Object.values(ctx.columns);
  const cell = (col: Column, value: unknown): Cell => {
    const previous = record.properties[col.id];
    return {
      type: col.dataType,
      icon: col.icon,
      value,
      ...(previous?.image ? { image: previous.image } : {}),
      ...(previous?.backgroundColor ? { backgroundColor: previous.backgroundColor } : {}),
    };
  };
  for (const col of cols) {
    if (col.id === TITLE_KEY) continue;
    switch (col.dataType) {
      case 'createdTime':
        out[col.id] = cell(col, record.createdAt);
        break;
      case 'lastEditedTime':
        out[col.id] = cell(col, record.updatedAt);
        break;
      case 'createdBy':
        out[col.id] = cell(col, record.userId ? (ctx.userNames.get(record.userId) ?? '') : '');
        break;
      case 'lastEditedBy':
        out[col.id] = cell(col, record.updatedBy ? (ctx.userNames.get(record.updatedBy) ?? '') : '');
        break;
      case 'id':
        out[col.id] = cell(col, record.seq);
        break;
      case 'button':
      case 'null':
        out[col.id] = cell(col, null);
        break;
      case 'rollup':
        out[col.id] = cell(col, computeRollup(record, col, ctx));
        break;
      case 'formula':
        break;
      default:
        out[col.id] = cell(col, record.properties[col.id]?.value ?? emptyOf(col));
    }
  }
  // Formulas last, each evaluated once, reading other formulas on demand.
  const results = new Map<string, FormulaValue>();
  const visiting = new Set<string>();
  const evaluate = (col: Column): FormulaValue => {
    const known = results.get(col.id);
    if (known !== undefined) return known;
    if (visiting.has(col.id)) return { error: 'Circular reference' };
    visiting.add(col.id);
    const result = evaluateFormula(col.formula ?? '', {
      now: ctx.now,
      prop: (name) => {
        if (name === TITLE_KEY || name === ctx.columns[TITLE_KEY]?.label) return record.taskName;
        const target = Object.hasOwn(ctx.columns, name) ? ctx.columns[name] : undefined;
        if (!target) return null;
        if (target.dataType === 'formula') {
          const v = evaluate(target);
          return typeof v === 'object' && v !== null ? null : v;
        }
        return out[name]?.value ?? null;
      },
    });
    visiting.delete(col.id);
    results.set(col.id, result);
    return result;
  };
  for (const col of cols) {
    if (col.dataType === 'formula') out[col.id] = cell(col, formulaValueToCell(evaluate(col)));
  }
  return out;
}

function emptyOf(col: Column): unknown {
  return col.dataType === 'multi-select' ||
    col.dataType === 'person' ||
    col.dataType === 'files' ||
    col.dataType === 'relation'
    ? []
    : null;
}

function computeRollup(record: ComputeRecord, col: Column, ctx: ComputeContext): number | null {
  const config = col.rollup;
  if (!config) return null;
  const ids = record.properties[config.relationProperty]?.value;
  if (!Array.isArray(ids)) return config.aggregate === 'count' || config.aggregate === 'sum' ? 0 : null;
  const values = ids
    .map((id) => (typeof id === 'string' ? ctx.related.get(id) : undefined))
    .filter((r): r is NonNullable<typeof r> => r !== undefined)
    .map((r) => readValue(r, config.targetProperty));
  return rollup(values, config.aggregate);
}

/** Ids of the records that a record's relation cells point to. */
export function relationIds(properties: Record<string, Cell>, columns: Record<string, Column>): string[] {
  const ids = new Set<string>();
  for (const col of Object.values(columns)) {
    if (col.dataType !== 'relation') continue;
    const value = properties[col.id]?.value;
    if (Array.isArray(value)) for (const id of value) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}
