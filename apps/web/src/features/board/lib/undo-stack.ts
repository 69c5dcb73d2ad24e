/**
 * An undo or redo that failed and already told the user (a cell's failure notice): the history puts
 * the change back without a second message.
 */
export class ReportedFailure extends Error {
  constructor() {
    super('reported');
    this.name = 'ReportedFailure';
  }
}

/** One reversible change of the session: a value, a property, rows or a view setting. */
export interface UndoEntry {
  /** What changed, for the "undone" toast. */
  label: string;
  undo: () => unknown;
  redo: () => unknown;
}

/**
 * The session's undo and redo history (Ctrl+Z, Ctrl+Shift+Z). A new change clears the redo side; the
 * oldest entries fall off past `limit`.
 */
export class UndoStack {
  private past: UndoEntry[] = [];
  private future: UndoEntry[] = [];

  constructor(private readonly limit = 100) {}

  push(entry: UndoEntry): void {
    this.past.push(entry);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  /** Takes the last change off the history and returns it (to run its `undo`). */
  popUndo(): UndoEntry | undefined {
    const entry = this.past.pop();
    if (entry) this.future.push(entry);
    return entry;
  }

  /** Takes the last undone change back and returns it (to run its `redo`). */
  popRedo(): UndoEntry | undefined {
    const entry = this.future.pop();
    if (entry) this.past.push(entry);
    return entry;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }
}

/** The undo (or redo) keystroke of a keyboard event, or null. */
export function undoKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): 'undo' | 'redo' | null {
  if (!event.ctrlKey && !event.metaKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
