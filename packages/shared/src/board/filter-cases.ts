import type { FilterValue } from './filter';

/**
 * The one table of filter-rule cases (SPEC §5). `packages/shared` runs it against `cellPasses`, the
 * API runs it against the SQL of `/task/filter` (on PGlite, and on a server with TEST_DATABASE_URL).
 * `value` is the cell's stored value (`undefined`: the record has no such cell).
 */
export interface FilterCase {
  name: string;
  value: unknown;
  filter: FilterValue;
  passes: boolean;
  /** The cell's column, when it is a computed one (its numbers compare rounded); text otherwise. */
  type?: 'formula' | 'rollup';
}

export const FILTER_CASES: readonly FilterCase[] = [
  // 1. A filter without a value lets everything through.
  { name: 'no filter value (undefined)', value: 'Roof', filter: undefined, passes: true },
  { name: 'null filter value', value: 'Roof', filter: null, passes: true },
  { name: 'empty string filter value', value: 'Roof', filter: '', passes: true },
  { name: 'empty list filter value', value: 'Roof', filter: [], passes: true },
  { name: 'only blank strings in the list', value: 'Roof', filter: ['', '  '], passes: true },
  { name: 'whitespace-only filter value', value: 'Roof', filter: '   ', passes: true },
  // 2. An empty cell passes.
  { name: 'missing cell', value: undefined, filter: 'roof', passes: true },
  { name: 'null cell', value: null, filter: 'roof', passes: true },
  { name: 'empty string cell', value: '', filter: 'roof', passes: true },
  { name: 'empty array cell', value: [], filter: 'roof', passes: true },
  { name: 'value object with empty value', value: { value: '' }, filter: 'roof', passes: true },
  { name: 'value object with null value', value: { value: null }, filter: 'roof', passes: true },
  { name: 'value object without value', value: { label: 'x' }, filter: 'roof', passes: true },
  // 3a. Strings: case-insensitive containment.
  { name: 'string equal', value: 'Roof check', filter: 'Roof check', passes: true },
  { name: 'string contains, other case', value: 'Roof check', filter: 'ROOF', passes: true },
  { name: 'string contains in the middle', value: 'Order inverter', filter: 'der inv', passes: true },
  { name: 'string does not contain', value: 'Roof check', filter: 'cable', passes: false },
  { name: 'chosen longer than the cell', value: 'Roof', filter: 'Roofing', passes: false },
  { name: 'string matches any of a list', value: 'In progress', filter: ['Done', 'progress'], passes: true },
  { name: 'string matches none of a list', value: 'In progress', filter: ['Done', 'Blocked'], passes: false },
  { name: 'umlauts, other case', value: 'Übergabe', filter: 'übergabe', passes: true },
  { name: 'percent sign is literal', value: '100% done', filter: '0%', passes: true },
  { name: 'percent sign does not act as wildcard', value: '100 done', filter: '1%d', passes: false },
  { name: 'underscore is literal', value: 'a_b', filter: 'a_b', passes: true },
  { name: 'underscore does not act as wildcard', value: 'axb', filter: 'a_b', passes: false },
  { name: 'date string by containment', value: '2026-11-22', filter: '2026-11', passes: true },
  { name: 'date string not contained', value: '2026-11-22', filter: '2025', passes: false },
  { name: "checkbox string 'true'", value: 'true', filter: 'true', passes: true },
  { name: "checkbox string 'false' against true", value: 'false', filter: 'true', passes: false },
  { name: 'whitespace in the cell counts', value: 'a  b', filter: 'a b', passes: false },
  // 3b. Arrays: inclusion.
  { name: 'array includes the value', value: ['red', 'blue'], filter: 'blue', passes: true },
  { name: 'array does not include it', value: ['red', 'blue'], filter: 'green', passes: false },
  { name: 'array inclusion is exact (no containment)', value: ['dark blue'], filter: 'blue', passes: false },
  { name: 'array inclusion is case-sensitive', value: ['Blue'], filter: 'blue', passes: false },
  { name: 'array includes one of a list', value: ['red'], filter: ['green', 'red'], passes: true },
  { name: 'array includes none of a list', value: ['red'], filter: ['green', 'blue'], passes: false },
  { name: 'array of numbers by their text', value: [1, 2, 30], filter: '30', passes: true },
  { name: 'array of numbers: no partial', value: [1, 2, 30], filter: '3', passes: false },
  {
    name: 'array of value objects by value',
    value: [{ value: 'u-1', label: 'Anna' }],
    filter: 'u-1',
    passes: true,
  },
  {
    name: 'array of value objects: label does not count',
    value: [{ value: 'u-1', label: 'Anna' }],
    filter: 'Anna',
    passes: false,
  },
  // 3c. Value objects: case-insensitive containment on their value.
  { name: 'value object contains', value: { value: 'High priority' }, filter: 'HIGH', passes: true },
  { name: 'value object does not contain', value: { value: 'High priority' }, filter: 'low', passes: false },
  {
    name: 'value object: label does not count',
    value: { value: 'a', label: 'High' },
    filter: 'High',
    passes: false,
  },
  { name: 'value object with a number value', value: { value: 42 }, filter: '4', passes: true },
  { name: 'value object of a list: any', value: { value: 'Blocked' }, filter: ['x', 'block'], passes: true },
  // 3d. Numbers and booleans.
  { name: 'number equal', value: 42, filter: '42', passes: true },
  { name: 'number equal in another notation', value: 42, filter: '42.0', passes: true },
  { name: 'number not equal', value: 42, filter: '4', passes: false },
  { name: 'decimal number equal', value: 12.5, filter: '12.5', passes: true },
  { name: 'negative number equal', value: -3, filter: '-3', passes: true },
  { name: 'zero is a value, not empty', value: 0, filter: '1', passes: false },
  { name: 'number against text never matches', value: 42, filter: 'forty', passes: false },
  { name: 'number matches one of a list', value: 7, filter: ['x', '7'], passes: true },
  { name: 'boolean true', value: true, filter: 'TRUE', passes: true },
  { name: 'boolean false against true', value: false, filter: 'true', passes: false },
  { name: 'boolean false is a value, not empty', value: false, filter: 'false', passes: true },
  // 3e. Formula results are stored as they are: a number result filters as a number column's cells
  // (the filter panel stores a number filter's value as `1234.5`), text by containment.
  { name: 'formula number result equals the number filter', value: 1234.5, filter: '1234.5', passes: true },
  {
    name: 'formula number result, filter with trailing zero',
    value: 1234.5,
    filter: '1234.50',
    passes: true,
  },
  { name: 'formula number result is no text: no containment', value: 1234.5, filter: '1234', passes: false },
  { name: 'formula number result against a decimal comma', value: 1234.5, filter: '1234,5', passes: false },
  { name: 'formula number result against grouped text', value: 1234, filter: '1,234', passes: false },
  { name: 'formula integer result', value: 1020, filter: '1020', passes: true },
  { name: 'formula negative result', value: -0.5, filter: '-0.5', passes: true },
  { name: 'formula result 0 with a number filter', value: 0, filter: '0', passes: true },
  { name: 'formula text result by containment', value: '⚠ überfällig', filter: 'ÜBERFÄLLIG', passes: true },
  { name: 'formula numeric text result by containment', value: '12.5 h', filter: '12.5', passes: true },
  { name: 'formula boolean result', value: true, filter: 'true', passes: true },
  {
    name: 'formula error against a number filter',
    value: '#ERROR: Division by zero',
    filter: '5',
    passes: false,
  },
  // 3f. A formula's or rollup's number compares rounded to 12 significant digits (COMPUTED_NUMBER_DIGITS):
  // its binary noise is no difference. Other columns' numbers compare exactly (3d).
  { name: 'plain number with binary noise: exact', value: 3 * 1.1, filter: '3.3', passes: false },
  { name: 'formula 3 × 1.1 matches 3.3', type: 'formula', value: 3 * 1.1, filter: '3.3', passes: true },
  { name: 'formula 3 × 1.1 matches 3.30', type: 'formula', value: 3 * 1.1, filter: '3.30', passes: true },
  {
    name: 'formula 3 × 1.1 matches its own digits',
    type: 'formula',
    value: 3 * 1.1,
    filter: '3.3000000000000003',
    passes: true,
  },
  {
    name: 'formula 3.3 matches a noisy filter',
    type: 'formula',
    value: 3.3,
    filter: '3.3000000000000003',
    passes: true,
  },
  {
    name: 'formula 3 × 1.1: the 12th digit counts',
    type: 'formula',
    value: 3 * 1.1,
    filter: '3.30000000001',
    passes: false,
  },
  { name: 'formula 3 × 1.1 is not 3.4', type: 'formula', value: 3 * 1.1, filter: '3.4', passes: false },
  {
    name: 'formula 3 × 1.1 is no text: no containment',
    type: 'formula',
    value: 3 * 1.1,
    filter: '3',
    passes: false,
  },
  { name: 'formula negative noise', type: 'formula', value: -3 * 1.1, filter: '-3.3', passes: true },
  {
    name: 'formula negative against positive',
    type: 'formula',
    value: -3 * 1.1,
    filter: '3.3',
    passes: false,
  },
  {
    name: 'formula large number with noise',
    type: 'formula',
    value: 1234567.1 * 3,
    filter: '3703701.3',
    passes: true,
  },
  { name: 'formula small number with noise', type: 'formula', value: 0.1 * 3, filter: '0.3', passes: true },
  { name: 'formula 0 matches 0', type: 'formula', value: 0, filter: '0', passes: true },
  { name: 'formula tiny number is not 0', type: 'formula', value: 1e-20, filter: '0', passes: false },
  {
    name: 'formula result one of a list',
    type: 'formula',
    value: 3 * 1.1,
    filter: ['x', '7', '3.3'],
    passes: true,
  },
  {
    name: 'formula text result still by containment',
    type: 'formula',
    value: '3.3 h',
    filter: '3.3',
    passes: true,
  },
  // The edges: half a unit of the 12th digit below is the chosen number's, half above the next one's
  // (half away from zero, as PostgreSQL rounds); just under a power of ten the unit is ten times smaller.
  { name: 'formula at the lower edge', type: 'formula', value: 3.299999999995, filter: '3.3', passes: true },
  {
    name: 'formula under the lower edge',
    type: 'formula',
    value: 3.2999999999949,
    filter: '3.3',
    passes: false,
  },
  { name: 'formula at the upper edge', type: 'formula', value: 3.300000000005, filter: '3.3', passes: false },
  {
    name: 'formula under the upper edge',
    type: 'formula',
    value: 3.3000000000049,
    filter: '3.3',
    passes: true,
  },
  {
    name: 'formula negative at the edge toward zero',
    type: 'formula',
    value: -3.299999999995,
    filter: '-3.3',
    passes: true,
  },
  {
    name: 'formula negative at the edge away from zero',
    type: 'formula',
    value: -3.300000000005,
    filter: '-3.3',
    passes: false,
  },
  {
    name: 'formula just under a power of ten',
    type: 'formula',
    value: 0.9999999999995,
    filter: '1',
    passes: true,
  },
  {
    name: 'formula further under a power of ten',
    type: 'formula',
    value: 0.9999999999994,
    filter: '1',
    passes: false,
  },
  { name: 'rollup sum 0.1 + 0.2 matches 0.3', type: 'rollup', value: 0.1 + 0.2, filter: '0.3', passes: true },
  { name: 'rollup sum is not 0.31', type: 'rollup', value: 0.1 + 0.2, filter: '0.31', passes: false },
];
