// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeColumn } from '../../lib/test-fixtures';
import { initBoardI18n } from '../../lib/test-i18n';
import { FilterValueInput } from './filter-value-input';

beforeAll(initBoardI18n);

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18next.changeLanguage('de');
});

const hours = makeColumn('Aufwand (h)', 'number', { label: 'Aufwand (h)' });
const columns = {
  [hours.id]: hours,
  Note: makeColumn('Note', 'text'),
  Kosten: makeColumn('Kosten', 'formula', { formula: 'round(prop("Aufwand (h)") * 85, 2)' }),
  Hinweis: makeColumn('Hinweis', 'formula', { formula: 'prop("Note") + " (" + prop("Aufwand (h)") + ")"' }),
};

async function renderFilter(lang: 'de' | 'en' | 'es', value: string | null, column = hours) {
  await i18next.changeLanguage(lang);
  vi.useFakeTimers();
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <FilterValueInput column={column} columns={columns} value={value} onChange={onChange} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  const input = screen.getByRole('textbox') as HTMLInputElement;
  return { input, onChange };
}

describe('a number filter in the UI language', () => {
  it.each([
    ['de', '1.234,5'],
    ['en', '1,234.5'],
    ['es', '1,234.5'],
  ] as const)('stores %s %j as 1234.5, the form the filter rule compares', async (lang, text) => {
    const { input, onChange } = await renderFilter(lang, null);
    fireEvent.change(input, { target: { value: text } });
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('1234.5');
  });

  it('shows the stored number in the UI language', async () => {
    const { input } = await renderFilter('de', '1234.5');
    expect(input.value).toBe('1234,5');
  });

  it('marks text that is no number and does not save it', async () => {
    const { input, onChange } = await renderFilter('de', null);
    fireEvent.change(input, { target: { value: 'viel' } });
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Bitte geben Sie eine Zahl ein')).toBeTruthy();
  });
});

describe('a filter on a formula column, by its result type', () => {
  it('reads a number typed for a numeric formula in the UI language, as a number filter does', async () => {
    const { input, onChange } = await renderFilter('de', null, columns.Kosten);
    expect(input.placeholder).toBe('Gleich …');
    fireEvent.change(input, { target: { value: '1.234,5' } });
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('1234.5');
  });

  it('shows the stored number of a numeric formula in the UI language', async () => {
    const { input } = await renderFilter('de', '1234.5', columns.Kosten);
    expect(input.value).toBe('1234,5');
  });

  it('keeps a text formula filtering by the text as typed', async () => {
    const { input, onChange } = await renderFilter('de', null, columns.Hinweis);
    expect(input.placeholder).toBe('Enthält …');
    fireEvent.change(input, { target: { value: 'Dach (1,5' } });
    act(() => vi.advanceTimersByTime(500));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Dach (1,5');
  });
});
