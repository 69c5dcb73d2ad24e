// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import appDe from '../i18n/de.json';
import { initTestI18n } from '../i18n/testing';
import { notifyWithUndo } from './undo-toast';

beforeAll(async () => {
  await initTestI18n('de', { de: { translation: appDe } });
});
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

describe('notifyWithUndo', () => {
  it('runs its action once however often its button is pressed before the toast is gone', async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    const undo = vi.fn();
    act(() => notifyWithUndo('Vorlage gelöscht', 'Rückgängig', undo));
    const button = await screen.findByRole('button', { name: 'Rückgängig' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(undo).toHaveBeenCalledOnce();
  });

  it('runs the action of each toast: one guard per toast, not one for all', async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    const first = vi.fn();
    const second = vi.fn();
    act(() => {
      notifyWithUndo('Vorlage A gelöscht', 'A zurück', first);
      notifyWithUndo('Vorlage B gelöscht', 'B zurück', second);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'A zurück' }));
    fireEvent.click(await screen.findByRole('button', { name: 'B zurück' }));
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
  });
});
