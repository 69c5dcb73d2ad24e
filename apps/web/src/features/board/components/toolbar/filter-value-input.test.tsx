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

async function renderFilter(lang: 'de' | 'en' | 'es', value: string | null) {
  await i18next.changeLanguage(lang);
  vi.useFakeTimers();
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <FilterValueInput
          column={makeColumn('Aufwand (h)', 'number', { label: 'Aufwand (h)' })}
          value={value}
          onChange={onChange}
        />
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
