import { describe, expect, it, vi } from 'vitest';
import { UndoStack, undoKey } from './undo-stack';

const entry = (label: string) => ({ label, undo: vi.fn(), redo: vi.fn() });

describe('UndoStack', () => {
  it('undoes the last change first and redoes it back', () => {
    const stack = new UndoStack();
    stack.push(entry('a'));
    stack.push(entry('b'));
    expect(stack.popUndo()?.label).toBe('b');
    expect(stack.popUndo()?.label).toBe('a');
    expect(stack.popUndo()).toBeUndefined();
    expect(stack.canRedo).toBe(true);
    expect(stack.popRedo()?.label).toBe('a');
    expect(stack.popRedo()?.label).toBe('b');
    expect(stack.canRedo).toBe(false);
    expect(stack.canUndo).toBe(true);
  });

  it('forgets the redo side when a new change comes', () => {
    const stack = new UndoStack();
    stack.push(entry('a'));
    stack.popUndo();
    stack.push(entry('c'));
    expect(stack.canRedo).toBe(false);
    expect(stack.popUndo()?.label).toBe('c');
  });

  it('keeps at most `limit` changes', () => {
    const stack = new UndoStack(2);
    stack.push(entry('a'));
    stack.push(entry('b'));
    stack.push(entry('c'));
    expect(stack.popUndo()?.label).toBe('c');
    expect(stack.popUndo()?.label).toBe('b');
    expect(stack.popUndo()).toBeUndefined();
  });
});

describe('undoKey', () => {
  const base = { ctrlKey: false, metaKey: false, shiftKey: false };
  it.each([
    [{ ...base, key: 'z', ctrlKey: true }, 'undo'],
    [{ ...base, key: 'Z', ctrlKey: true, shiftKey: true }, 'redo'],
    [{ ...base, key: 'z', metaKey: true }, 'undo'],
    [{ ...base, key: 'y', ctrlKey: true }, 'redo'],
    [{ ...base, key: 'z' }, null],
    [{ ...base, key: 'a', ctrlKey: true }, null],
  ])('%j -> %s', (event, expected) => expect(undoKey(event)).toBe(expected));
});
