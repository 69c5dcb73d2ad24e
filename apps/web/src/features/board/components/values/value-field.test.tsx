// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeColumn } from '../../lib/test-fixtures';
import { initBoardI18n } from '../../lib/test-i18n';
import { TextField } from './value-field';

beforeAll(initBoardI18n);

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('de');
});

const column = makeColumn('Aufwand (h)', 'number', { label: 'Aufwand (h)' });

/**
 * The field as the record drawer and bulk edit hold it: every reported value comes back as `value`.
 * `setOutside` stands for a value set from elsewhere (a colleague's, taken back).
 */
async function renderField(lang: 'de' | 'en' | 'es', initial: unknown) {
  await i18next.changeLanguage(lang);
  const reported = vi.fn();
  let setOutside: (value: unknown) => void = () => {};
  function Form() {
    const [value, setValue] = useState<unknown>(initial);
    setOutside = setValue;
    return (
      <TextField
        column={column}
        value={value}
        label="Aufwand (h)"
        onChange={(next) => {
          reported(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <MantineProvider>
      <Form />
    </MantineProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'Aufwand (h)' }) as HTMLInputElement;
  return { input, reported, outside: (value: unknown) => act(() => setOutside(value)) };
}

/** Types `text` one character at a time, as a keyboard does. */
function typeSlowly(input: HTMLInputElement, text: string) {
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: text.slice(0, i) } });
}

describe('TextField with a number (record drawer, bulk edit)', () => {
  it.each([
    ['de', '1.234,5'],
    ['en', '1,234.5'],
    ['es', '1,234.5'],
  ] as const)('reads %s %j typed key by key as 1234.5, and keeps the text as typed', async (lang, text) => {
    const { input, reported } = await renderField(lang, null);
    typeSlowly(input, text);
    expect(input.value).toBe(text);
    expect(reported).toHaveBeenLastCalledWith(1234.5);
  });

  it.each([
    ['de', 1.234, '1,234'],
    ['de', 1234.5, '1234,5'],
    ['en', 1.234, '1.234'],
    ['es', 1234.5, '1234.5'],
  ] as const)('shows %s %d as %j, which reads back as the same number', async (lang, stored, shown) => {
    const { input, reported } = await renderField(lang, stored);
    expect(input.value).toBe(shown);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: shown } });
    expect(reported).toHaveBeenLastCalledWith(stored);
  });

  it('takes a value set from elsewhere, in the UI language', async () => {
    const { input, outside } = await renderField('de', 2);
    fireEvent.change(input, { target: { value: '3,5' } });
    outside(1234.5);
    expect(input.value).toBe('1234,5');
  });
});
