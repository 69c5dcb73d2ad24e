// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '../../api/project-view';
import { initTestI18n } from '../../i18n/testing';
import { CustomerTargetDrawer } from './customer-target-drawer';
import de from './locales/de.json';
import en from './locales/en.json';

const mutateAsync = vi.fn();
vi.mock('../../api/project-view', () => ({ useUpdateProject: () => ({ mutateAsync }) }));

beforeAll(async () => {
  // The notes' autosize textarea listens for font loading, which happy-dom does not have.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
  await initTestI18n('de', { de: { projectView: de } });
});
afterEach(() => {
  cleanup();
  mutateAsync.mockReset();
});

let n = 0;
const project = (id: string, customerTarget: string[], notes: string) =>
  ({ _id: id, customerTarget, notes }) as unknown as ProjectDetail;

function drawer(p: ProjectDetail) {
  return (
    <MantineProvider>
      <CustomerTargetDrawer project={p} opened onClose={() => {}} />
    </MantineProvider>
  );
}
const notesField = () => screen.getByTestId('customer-notes') as HTMLTextAreaElement;
const targetsField = () => screen.getByTestId('customer-target-input') as HTMLInputElement;
const tags = () => targetsField().closest('.mantine-TagsInput-root')?.textContent ?? '';

describe('CustomerTargetDrawer: newer stored values', () => {
  it('shows a change made elsewhere while it has no unsaved edit, and saves on top of it', async () => {
    const id = `p-${++n}`;
    const view = render(drawer(project(id, ['Speicher'], 'Alte Notiz')));
    expect(notesField().value).toBe('Alte Notiz');
    expect(tags()).toContain('Speicher');

    // The project is read again (a change on /projects, a colleague's, a live event).
    view.rerender(drawer(project(id, ['Wallbox'], 'Neue Notiz vom Board')));
    expect(notesField().value).toBe('Neue Notiz vom Board');
    expect(tags()).toContain('Wallbox');
    expect(tags()).not.toContain('Speicher');

    // The next save sends the newer targets with the typed notes, not the first read's.
    mutateAsync.mockResolvedValue({});
    fireEvent.change(notesField(), { target: { value: 'Neue Notiz vom Board, ergänzt' } });
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(mutateAsync).toHaveBeenCalledWith({
      customerTarget: ['Wallbox'],
      notes: 'Neue Notiz vom Board, ergänzt',
    });
  });

  it('keeps what the user is typing when the project changes meanwhile', () => {
    const id = `p-${++n}`;
    mutateAsync.mockResolvedValue({});
    const view = render(drawer(project(id, ['Speicher'], 'Alt')));
    fireEvent.change(notesField(), { target: { value: 'Ich tippe gerade' } });
    view.rerender(drawer(project(id, ['Wallbox'], 'Von anderswo')));
    expect(notesField().value).toBe('Ich tippe gerade');
    expect(tags()).toContain('Speicher');
  });

  it("keeps a failed save's draft when the project changes, also in a drawer opened again", async () => {
    const id = `p-${++n}`;
    mutateAsync.mockRejectedValue(new Error('offline'));
    const view = render(drawer(project(id, ['Speicher'], 'Alt')));
    fireEvent.change(notesField(), { target: { value: 'Entwurf, nicht gespeichert' } });
    await waitFor(() => expect(screen.getByTestId('target-save-state').dataset.state).toBe('failed'), {
      timeout: 3000,
    });
    view.rerender(drawer(project(id, ['Wallbox'], 'Von anderswo')));
    expect(notesField().value).toBe('Entwurf, nicht gespeichert');

    // Unmounted and mounted again with the newer project: the draft still wins.
    await act(async () => view.unmount());
    render(drawer(project(id, ['Gewerbe'], 'Noch neuer')));
    expect(notesField().value).toBe('Entwurf, nicht gespeichert');
  });
});

describe('CustomerTargetDrawer: the suggested targets in the UI language', () => {
  afterEach(async () => {
    await act(async () => {
      await i18next.changeLanguage('de');
    });
  });

  it('shows the suggestions and a stored one in English, and stores the fixed values', async () => {
    i18next.addResourceBundle('en', 'projectView', en, true, true);
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    const id = `p-${++n}`;
    mutateAsync.mockResolvedValue({});
    render(drawer(project(id, ['Speicher', 'Solar carport'], '')));
    // A stored suggestion shows in English; a target the user typed stays as typed.
    expect(tags()).toContain('Battery storage');
    expect(tags()).not.toContain('Speicher');
    expect(tags()).toContain('Solar carport');

    // The list offers the suggestions in English.
    fireEvent.focus(targetsField());
    fireEvent.click(targetsField());
    const listed = await screen.findAllByRole('option');
    const names = listed.map((o) => o.textContent);
    expect(names).toEqual(expect.arrayContaining(['Own home', 'Heat pump', 'Business']));
    expect(names).not.toContain('Eigenheim');

    // Picking one (or typing its English name) stores its fixed value, the same in every language.
    fireEvent.click(listed.find((o) => o.textContent === 'Heat pump') as HTMLElement);
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync).toHaveBeenLastCalledWith({
      customerTarget: ['Speicher', 'Solar carport', 'Wärmepumpe'],
      notes: '',
    });
  });

  it('stores a suggestion entered by its English name (any case) as its fixed value', async () => {
    i18next.addResourceBundle('en', 'projectView', en, true, true);
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    mutateAsync.mockResolvedValue({});
    render(drawer(project(`p-${++n}`, [], '')));
    // Pasted (typing reaches the field the same way, through its change of tags).
    fireEvent.paste(targetsField(), { clipboardData: { getData: () => 'own home' } });
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledTimes(1));
    expect(mutateAsync).toHaveBeenLastCalledWith({ customerTarget: ['Eigenheim'], notes: '' });
    expect(tags()).toContain('Own home');
  });
});
