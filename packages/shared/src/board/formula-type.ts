import { type FormulaAst, parseFormula } from './formula';
import type { Column } from './schema';

/**
 * What a formula column's cells hold, read from the formula itself (docs/board.md "The filter rule"):
 * a formula's result is stored as it is (a number as a JSON number), so the filter rule compares a
 * numeric result as it compares a number column's cells, and the filter panel offers the number
 * column's filter for it. `mixed` is a formula that may give either (`if(…, 1, "none")`); an error is
 * stored as text and does not count.
 */
export type FormulaResultType = 'number' | 'text' | 'boolean' | 'mixed';

/** `empty` is null (a missing property, the literal `null`): it joins any type without changing it. */
type Kind = FormulaResultType | 'empty';

const NUMBER_FUNCTIONS = new Set([
  'length',
  'tonumber',
  'round',
  'floor',
  'ceil',
  'abs',
  'sqrt',
  'pow',
  'min',
  'max',
  'sum',
  'datebetween',
  'year',
  'month',
  'day',
]);
const BOOLEAN_FUNCTIONS = new Set(['not', 'empty', 'contains', 'and', 'or']);
/** Column types whose cells a formula reads as numbers (the rest as text: dates, checkboxes' 'true'). */
const NUMBER_COLUMNS = new Set<Column['dataType']>(['number', 'rollup', 'id']);
const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=', 'and', 'or']);

const join = (a: Kind, b: Kind): Kind => (a === 'empty' ? b : b === 'empty' || a === b ? a : 'mixed');

/**
 * The type of the values a formula gives, as `evaluateFormula` gives them, with the board's columns
 * (`prop("Name")` reads the column keyed `Name`; the title, by its key or label, is text). A formula
 * that cannot be read gives an error, stored as text.
 */
export function formulaResultType(
  source: string,
  columns: Readonly<Record<string, Column>>,
): FormulaResultType {
  const visiting = new Set<string>();

  const ofProp = (name: string): Kind => {
    if (name === 'taskName' || name === columns.taskName?.label) return 'text';
    const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
    if (!column) return 'empty';
    if (NUMBER_COLUMNS.has(column.dataType)) return 'number';
    if (column.dataType !== 'formula') return 'text';
    // A cycle is an error value, which the formula reading it gets as null.
    if (visiting.has(name)) return 'empty';
    visiting.add(name);
    const kind = ofSource(column.formula ?? '');
    visiting.delete(name);
    return kind;
  };

  const ofSource = (text: string): Kind => {
    const parsed = parseFormula(text);
    return parsed.ok ? of(parsed.ast) : 'text';
  };

  const of = (node: FormulaAst): Kind => {
    switch (node.kind) {
      case 'literal':
        return node.value === null
          ? 'empty'
          : typeof node.value === 'number'
            ? 'number'
            : typeof node.value === 'boolean'
              ? 'boolean'
              : 'text';
      case 'prop':
        return ofProp(node.name);
      case 'unary':
        return node.op === 'not' ? 'boolean' : 'number';
      case 'binary': {
        if (COMPARISONS.has(node.op)) return 'boolean';
        if (node.op !== '+') return 'number';
        // `+` joins text when either side is text at run time.
        const sides = [of(node.left), of(node.right)];
        if (sides.includes('text')) return 'text';
        return sides.includes('mixed') ? 'mixed' : 'number';
      }
      case 'call': {
        const name = node.name.toLowerCase();
        if (name === 'if') {
          const [, then, otherwise] = node.args;
          return then && otherwise && node.args.length === 3 ? join(of(then), of(otherwise)) : 'text';
        }
        if (NUMBER_FUNCTIONS.has(name)) return 'number';
        if (BOOLEAN_FUNCTIONS.has(name)) return 'boolean';
        return 'text';
      }
      default:
        return 'text';
    }
  };

  const kind = ofSource(source);
  return kind === 'empty' ? 'text' : kind;
}
