// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initBoardI18n } from '../../lib/test-i18n';
import type { ValueItem } from '../../lib/values';
import { ItemChecklist } from './item-checklist';

beforeAll(initBoardI18n);

afterEach(() => cleanup());

const TEAM: ValueItem[] = [
  { value: 'u1', label: 'Ingo Installateur' },
  { value: 'u2', label: 'Sabine Vertrieb' },
  { value: 'u3', label: 'Stefan Sonnenbau' },
];

/** The person picker's use of the list: a search narrows it, a toggle ticks or unticks a person. */
function Picker({ onToggle, onEscape }: { onToggle: (item: ValueItem) => void; onEscape: () => void }) {
  const [search, setSearch] = useState('');
  const items = TEAM.filter((m) => m.label.toLowerCase().includes(search.toLowerCase()));
  return (
    <MantineProvider>
      <ItemChecklist
        label="Zuständig"
        items={items}
        selected={['u3']}
        onToggle={onToggle}
        search={search}
        onSearch={setSearch}
        onEscape={onEscape}
      />
    </MantineProvider>
  );
}

describe('ItemChecklist from the keyboard', () => {
  it('ticks the only person left by a search with Enter', () => {
    const onToggle = vi.fn();
    render(<Picker onToggle={onToggle} onEscape={vi.fn()} />);
    const search = screen.getByRole('textbox', { name: /Zuständig/ });
    fireEvent.change(search, { target: { value: 'Sab' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onToggle).toHaveBeenCalledExactlyOnceWith(TEAM[1]);
  });

  it('moves the highlight with the arrows, wrapping around, and Enter takes the highlighted one', () => {
    const onToggle = vi.fn();
    render(<Picker onToggle={onToggle} onEscape={vi.fn()} />);
    const search = screen.getByRole('textbox', { name: /Zuständig/ });
    const highlighted = () =>
      screen.getAllByRole('checkbox').findIndex((box) => box.closest('[data-active]') !== null);
    expect(highlighted()).toBe(0);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(highlighted()).toBe(2);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onToggle).toHaveBeenLastCalledWith(TEAM[2]);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(highlighted()).toBe(0);
    fireEvent.keyDown(search, { key: 'ArrowUp' });
    expect(highlighted()).toBe(2);
  });

  it('does nothing on Enter when the search leaves nobody, and Escape still closes', () => {
    const onToggle = vi.fn();
    const onEscape = vi.fn();
    render(<Picker onToggle={onToggle} onEscape={onEscape} />);
    const search = screen.getByRole('textbox', { name: /Zuständig/ });
    fireEvent.change(search, { target: { value: 'niemand' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onToggle).not.toHaveBeenCalled();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledOnce();
  });
});
