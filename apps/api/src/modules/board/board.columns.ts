import { type Board, type Column, type DataType, OPTION_PALETTE, STAGES, TYPE_ICONS } from '@solar/shared';

export { TYPE_ICONS };

/** The record title column: its key is always `taskName` (the record's name), its label may change. */
export const TITLE_KEY = 'taskName';

const color = (name: string) => OPTION_PALETTE.find((p) => p.name === name)?.color ?? '#e3e2e0';
const option = (value: string, label: string, colour: string) => ({
  value,
  label,
  backgroundColor: color(colour),
});

function column(key: string, dataType: DataType, position: number, extra: Partial<Column> = {}): Column {
  return {
    id: key,
    label: key,
    accessor: key,
    dataType,
    icon: TYPE_ICONS[dataType],
    position,
    created: false,
    ...extra,
  };
}

const PRIORITY = [
  option('Low', 'Low', 'Gray'),
  option('Medium', 'Medium', 'Yellow'),
  option('High', 'High', 'Red'),
];

/** The columns a company's task board starts with. */
export function defaultTaskColumns(): Column[] {
  return [
    column(TITLE_KEY, 'title', 0, { label: 'Task' }),
    column('Status', 'status', 1, {
      options: [
        option('Not started', 'Not started', 'Default'),
        option('In progress', 'In progress', 'Blue'),
        option('Done', 'Done', 'Green'),
      ],
    }),
    column('Assignee', 'person', 2),
    column('Due date', 'date', 3),
    column('Priority', 'select', 4, { options: PRIORITY }),
    column('Estimate (h)', 'number', 5),
    column('Done', 'checkbox', 6),
  ];
}

/** Display names of the stages as options (the value stays the stage code the API uses). */
const STAGE_LABELS: Record<string, string> = {
  ACQUISITION: 'Acquisition',
  OFFER_PROVIDED: 'Offer provided',
  INSTALLER_SIGNED: 'Installer signed',
  PROJECT_REALIZED: 'Project realized',
  OFFER_NOT_ACCEPTED: 'Offer not accepted',
};

const STAGE_COLOURS: Record<string, string> = {
  ACQUISITION: 'Blue',
  OFFER_PROVIDED: 'Yellow',
  INSTALLER_SIGNED: 'Orange',
  PROJECT_REALIZED: 'Green',
  OFFER_NOT_ACCEPTED: 'Red',
};

/**
 * The fixed columns of the /projects board (SPEC §6: names, types and icons cannot be changed there).
 * `synced` ones are filled from the saved project and read-only on the board; the others are the
 * company's own working fields.
 */
export function defaultProjectColumns(): Column[] {
  const fixed = { locked: true };
  const synced = { locked: true, synced: true };
  return [
    column(TITLE_KEY, 'title', 0, { label: 'Project', ...synced }),
    column('Status', 'status', 1, {
      ...synced,
      options: STAGES.map((s) => option(s, STAGE_LABELS[s] ?? s, STAGE_COLOURS[s] ?? 'Default')),
    }),
    column('City', 'text', 2, synced),
    column('Total cost', 'number', 3, synced),
    column('Customer target', 'multi-select', 4, synced),
    column('Priority', 'select', 5, { ...fixed, options: PRIORITY }),
    column('Next step', 'text', 6, fixed),
    column('Due date', 'date', 7, fixed),
    column('Done', 'checkbox', 8, fixed),
    column('Created', 'createdTime', 9, fixed),
  ];
}

export const defaultColumns = (board: Board) =>
  board === 'projects' ? defaultProjectColumns() : defaultTaskColumns();

export const toColumnMap = (columns: Column[]): Record<string, Column> =>
  Object.fromEntries(columns.map((c) => [c.id, c]));

/** Columns in their board order. */
export const orderedColumns = (map: Record<string, Column>): Column[] =>
  Object.values(map).sort((a, b) => a.position - b.position);
