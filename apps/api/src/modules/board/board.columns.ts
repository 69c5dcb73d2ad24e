import {
  type Board,
  type Column,
  type DataType,
  type Language,
  OPTION_PALETTE,
  STAGES,
  TYPE_ICONS,
} from '@solar/shared';

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

/**
 * The names a task board starts with, in the language of the user who first opens it. On the tasks
 * board a column's key is its name (formulas, views and CSV import refer to it), so the names are
 * created in one language and are then the company's own, renamed like any other.
 */
export interface TaskBoardNames {
  task: string;
  status: string;
  assignee: string;
  dueDate: string;
  priority: string;
  estimate: string;
  done: string;
  notStarted: string;
  inProgress: string;
  finished: string;
  low: string;
  medium: string;
  high: string;
}

export const TASK_BOARD_NAMES: Record<Language, TaskBoardNames> = {
  en: {
    task: 'Task',
    status: 'Status',
    assignee: 'Assignee',
    dueDate: 'Due date',
    priority: 'Priority',
    estimate: 'Estimate (h)',
    done: 'Done',
    notStarted: 'Not started',
    inProgress: 'In progress',
    finished: 'Done',
    low: 'Low',
    medium: 'Medium',
    high: 'High',
  },
  de: {
    task: 'Aufgabe',
    status: 'Status',
    assignee: 'Zuständig',
    dueDate: 'Fällig am',
    priority: 'Priorität',
    estimate: 'Aufwand (h)',
    done: 'Erledigt',
    notStarted: 'Nicht begonnen',
    inProgress: 'In Arbeit',
    finished: 'Erledigt',
    low: 'Niedrig',
    medium: 'Mittel',
    high: 'Hoch',
  },
  es: {
    task: 'Tarea',
    status: 'Estado',
    assignee: 'Responsable',
    dueDate: 'Fecha límite',
    priority: 'Prioridad',
    estimate: 'Estimación (h)',
    done: 'Hecho',
    notStarted: 'Sin empezar',
    inProgress: 'En curso',
    finished: 'Terminada',
    low: 'Baja',
    medium: 'Media',
    high: 'Alta',
  },
};

const priorities = (n: TaskBoardNames) => [
  option(n.low, n.low, 'Gray'),
  option(n.medium, n.medium, 'Yellow'),
  option(n.high, n.high, 'Red'),
];

/** The columns a company's task board starts with, named in `lang`. */
export function defaultTaskColumns(lang: Language): Column[] {
  const n = TASK_BOARD_NAMES[lang];
  return [
    column(TITLE_KEY, 'title', 0, { label: n.task }),
    column(n.status, 'status', 1, {
      options: [
        option(n.notStarted, n.notStarted, 'Default'),
        option(n.inProgress, n.inProgress, 'Blue'),
        option(n.finished, n.finished, 'Green'),
      ],
    }),
    column(n.assignee, 'person', 2),
    column(n.dueDate, 'date', 3),
    column(n.priority, 'select', 4, { options: priorities(n) }),
    column(n.estimate, 'number', 5),
    column(n.done, 'checkbox', 6),
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
    column('Priority', 'select', 5, { ...fixed, options: priorities(TASK_BOARD_NAMES.en) }),
    column('Next step', 'text', 6, fixed),
    column('Due date', 'date', 7, fixed),
    column('Done', 'checkbox', 8, fixed),
    column('Created', 'createdTime', 9, fixed),
  ];
}

/** A board's starting columns: the /projects board's are fixed (shown translated by the web). */
export const defaultColumns = (board: Board, lang: Language) =>
  board === 'projects' ? defaultProjectColumns() : defaultTaskColumns(lang);

export const toColumnMap = (columns: Column[]): Record<string, Column> =>
  Object.fromEntries(columns.map((c) => [c.id, c]));

/** Columns in their board order. */
export const orderedColumns = (map: Record<string, Column>): Column[] =>
  Object.values(map).sort((a, b) => a.position - b.position);
