// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeColumn } from '../../lib/test-fixtures';
import { initBoardI18n } from '../../lib/test-i18n';
import { TextEditor } from './text-editor';

beforeAll(initBoardI18n);

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('de');
});

function renderEditor(saves: boolean) {
  const onWrite = vi.fn(() => Promise.resolve(saves));
  const onFinish = vi.fn();
  const onSaved = vi.fn();
  render(
    <MantineProvider>
      <TextEditor
        column={makeColumn('taskName', 'title', { label: 'Aufgabe' })}
        initial="Alt"
        onWrite={onWrite}
        onFinish={onFinish}
        onSaved={onSaved}
      />
    </MantineProvider>,
  );
  const input = screen.getByRole('textbox', { name: 'Aufgabe' });
  fireEvent.change(input, { target: { value: 'Ein langer neuer Titel' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return { onWrite, onFinish, onSaved };
}

describe('TextEditor', () => {
  it.each([
    ['email', 'email', 'text'],
    ['phone', undefined, 'tel'],
    ['number', 'decimal', 'text'],
  ])('opens a %s cell with the caret after its value and the keyboard for it', (dataType, mode, type) => {
    render(
      <MantineProvider>
        <TextEditor
          column={makeColumn('Kontakt', dataType as 'email', { label: 'Kontakt' })}
          initial="12345"
          onWrite={vi.fn(() => Promise.resolve(true))}
          onFinish={vi.fn()}
          onSaved={vi.fn()}
        />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Kontakt' }) as HTMLInputElement;
    fireEvent.focus(input);
    expect(input.selectionStart).toBe(5);
    expect(input.getAttribute('inputmode') ?? undefined).toBe(mode);
    expect(input.type).toBe(type);
  });

  it.each([
    ['email', 'Kontakt', 'kein-mail', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['phone', 'Telefon', 'abc-def', 'Bitte geben Sie eine gültige Telefonnummer ein'],
    ['number', 'Aufwand (h)', '15x', 'Bitte geben Sie eine Zahl ein'],
  ])(
    'keeps invalid %s text open with its message on Enter, sending nothing',
    (dataType, label, text, message) => {
      const onWrite = vi.fn(() => Promise.resolve(true));
      const onFinish = vi.fn();
      render(
        <MantineProvider>
          <TextEditor
            column={makeColumn(label, dataType as 'email', { label })}
            initial=""
            onWrite={onWrite}
            onFinish={onFinish}
            onSaved={vi.fn()}
          />
        </MantineProvider>,
      );
      const input = screen.getByRole('textbox', { name: label });
      fireEvent.change(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(screen.getByText(new RegExp(message))).toBeTruthy();
      expect(input).toHaveProperty('value', text);
      expect(onFinish).not.toHaveBeenCalled();
      expect(onWrite).not.toHaveBeenCalled();
    },
  );

  it('names the field and repeats the text when invalid text is left by a click elsewhere', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const onWrite = vi.fn(() => Promise.resolve(true));
    render(
      <MantineProvider>
        <TextEditor
          column={makeColumn('Aufwand (h)', 'number', { label: 'Aufwand (h)' })}
          initial={4}
          onWrite={onWrite}
          onFinish={vi.fn()}
          onSaved={vi.fn()}
        />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Aufwand (h)' });
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(onWrite).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '„Aufwand (h)“ wurde nicht gespeichert',
        message: expect.stringContaining('abc'),
      }),
    );
    show.mockRestore();
  });

  it('offers a saved edit for undo, with the value it started from', async () => {
    const { onWrite, onFinish, onSaved } = renderEditor(true);
    expect(onWrite).toHaveBeenCalledExactlyOnceWith('Ein langer neuer Titel');
    expect(onFinish).toHaveBeenCalledExactlyOnceWith('stay');
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledExactlyOnceWith({ previous: 'Alt', value: 'Ein langer neuer Titel' }),
    );
  });

  it('never offers an edit whose save failed for undo', async () => {
    const { onWrite, onFinish, onSaved } = renderEditor(false);
    expect(onWrite).toHaveBeenCalledOnce();
    // The edit ends without an undo entry of its own: that waits for the save.
    expect(onFinish).toHaveBeenCalledExactlyOnceWith('stay');
    // Give the failed write time to settle: still nothing to undo.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("starts with a new record's name typed ahead, takes it once mounted, and saves on an Enter typed ahead", async () => {
    const typed = { text: 'Dach', enter: false };
    const take = vi.fn(() => ({ ...typed }));
    const onWrite = vi.fn(() => Promise.resolve(true));
    const onFinish = vi.fn();
    const mount = () =>
      render(
        <MantineProvider>
          <TextEditor
            column={makeColumn('taskName', 'title', { label: 'Aufgabe' })}
            initial=""
            typedAhead={{ peek: () => typed.text, take }}
            onWrite={onWrite}
            onFinish={onFinish}
            onSaved={vi.fn()}
          />
        </MantineProvider>,
      );
    mount();
    expect(screen.getByRole('textbox', { name: 'Aufgabe' })).toHaveProperty('value', 'Dach');
    expect(take).toHaveBeenCalledTimes(1);
    expect(onFinish).not.toHaveBeenCalled();
    cleanup();

    typed.text = 'Dach prüfen';
    typed.enter = true;
    mount();
    expect(onFinish).toHaveBeenCalledWith('stay');
    await waitFor(() => expect(onWrite).toHaveBeenCalledWith('Dach prüfen'));
  });

  describe('numbers in the UI language (SPEC §9)', () => {
    async function renderNumber(lang: 'de' | 'en' | 'es', initial: number | null) {
      await i18next.changeLanguage(lang);
      const onWrite = vi.fn(() => Promise.resolve(true));
      const onFinish = vi.fn();
      render(
        <MantineProvider>
          <TextEditor
            column={makeColumn('Aufwand (h)', 'number', { label: 'Aufwand (h)' })}
            initial={initial}
            onWrite={onWrite}
            onFinish={onFinish}
            onSaved={vi.fn()}
          />
        </MantineProvider>,
      );
      const input = screen.getByRole('textbox', { name: 'Aufwand (h)' }) as HTMLInputElement;
      return { input, onWrite, onFinish };
    }

    it.each([
      ['de', '1.234,5'],
      ['de', '1234,5'],
      ['en', '1,234.5'],
      ['es', '1,234.5'],
    ] as const)('saves %s %j as 1234.5', async (lang, typed) => {
      const { input, onWrite } = await renderNumber(lang, null);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onWrite).toHaveBeenCalledExactlyOnceWith(1234.5);
    });

    it.each([
      ['de', 1.234, '1,234'],
      ['de', 1234.5, '1234,5'],
      ['de', 1234, '1234'],
      ['en', 1.234, '1.234'],
      ['en', 1234.5, '1234.5'],
      ['es', 1.234, '1.234'],
    ] as const)('opens %s %d as %j, and Enter on it changes nothing', async (lang, stored, shown) => {
      const { input, onWrite, onFinish } = await renderNumber(lang, stored);
      expect(input.value).toBe(shown);
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onFinish).toHaveBeenCalledWith('stay');
      expect(onWrite).not.toHaveBeenCalled();
      // Typed again as it was shown: the same number, still nothing to save.
      cleanup();
      const again = await renderNumber(lang, stored);
      fireEvent.change(again.input, { target: { value: '' } });
      fireEvent.change(again.input, { target: { value: shown } });
      fireEvent.keyDown(again.input, { key: 'Enter' });
      expect(again.onWrite).not.toHaveBeenCalled();
    });

    it('saves a German 1.234 as one thousand two hundred thirty-four', async () => {
      const { input, onWrite } = await renderNumber('de', null);
      fireEvent.change(input, { target: { value: '1.234' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(onWrite).toHaveBeenCalledExactlyOnceWith(1234);
    });
  });
});
