// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initBoardI18n } from '../../lib/test-i18n';
import { DateField } from './date-field';

beforeAll(initBoardI18n);

afterEach(() => cleanup());

async function renderField(lang: 'de' | 'en' | 'es', value: string | null) {
  await i18next.changeLanguage(lang);
  const onChange = vi.fn();
  const onParentKey = vi.fn();
  render(
    <MantineProvider>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a parent that sees the Enter the field lets through */}
      <div onKeyDown={(e) => onParentKey(e.key)}>
        <DateField label="Fällig am" value={value} onChange={onChange} />
      </div>
    </MantineProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'Fällig am' }) as HTMLInputElement;
  return { input, onChange, onParentKey };
}

const type = (input: HTMLInputElement, text: string) => fireEvent.input(input, { target: { value: text } });

describe('DateField', () => {
  it('shows and reads dd.mm.yyyy in German, whatever the browser language', async () => {
    const { input, onChange } = await renderField('de', '2026-12-24');
    expect(input.value).toBe('24.12.2026');
    expect(input.placeholder).toBe('TT.MM.JJJJ');
    type(input, '01.02.2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-02-01');
  });

  it('shows and reads dd/mm/yyyy in English and Spanish', async () => {
    const english = await renderField('en', '2026-12-24');
    expect(english.input.value).toBe('24/12/2026');
    type(english.input, '31/01/2027');
    expect(english.onChange).toHaveBeenLastCalledWith('2027-01-31');
    cleanup();
    const spanish = await renderField('es', '2026-03-05');
    expect(spanish.input.value).toBe('05/03/2026');
    expect(spanish.input.placeholder).toBe('DD/MM/AAAA');
  });

  it('names months and weekdays in the UI language, the week starting on Monday', async () => {
    const { input } = await renderField('de', '2026-12-24');
    fireEvent.focus(input);
    expect(await screen.findByText('Dezember 2026')).toBeTruthy();
    const weekdays = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(weekdays).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(screen.getByLabelText('Nächster Monat').tagName).toBe('BUTTON');
  });

  it('never saves a text that is not a date, marks it and holds Enter', async () => {
    const { input, onChange, onParentKey } = await renderField('de', '2026-12-24');
    // Not read month first (12/24 in German) nor rolled over (31.02. is no day).
    type(input, '12/24/2026');
    type(input, '31.02.2026');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onParentKey).not.toHaveBeenCalledWith('Enter');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Der Februar 2026 hat nur 28 Tage')).toBeTruthy();
    fireEvent.blur(input);
    expect(input.value).toBe('31.02.2026');
    expect(onChange).not.toHaveBeenCalled();
    // Each kind of wrong text says what is wrong with it.
    type(input, '24.13.2026');
    expect(screen.getByText(/^Diesen Tag gibt es nicht: bitte als TT\.MM\.JJJJ/)).toBeTruthy();
    type(input, '24.12.26');
    expect(screen.getByText('Bitte geben Sie ein Datum als TT.MM.JJJJ ein')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    // Once readable, it is saved and Enter goes on to the parent (a grid panel closes).
    type(input, '28.02.2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onParentKey).toHaveBeenCalledWith('Enter');
  });

  it('reports an emptied text as no date', async () => {
    const { input, onChange } = await renderField('en', '2026-12-24');
    type(input, '');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('starts with the characters typed on the cell that opened it, the caret after them', async () => {
    await i18next.changeLanguage('de');
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <DateField label="Fällig am" value="2026-12-24" onChange={onChange} autoFocus seed="3" />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Fällig am' }) as HTMLInputElement;
    // The typed start replaces the shown date (24.12.2026); it is no date yet, so nothing is saved.
    expect(input.value).toBe('3');
    expect(input.selectionStart).toBe(1);
    expect(onChange).not.toHaveBeenCalled();
    type(input, '31.12.2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-12-31');
  });
});
