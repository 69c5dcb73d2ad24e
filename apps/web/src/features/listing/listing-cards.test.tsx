// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import appDe from '../../i18n/de.json';
import { initTestI18n } from '../../i18n/testing';
import customerDe from '../customer/locales/de.json';
import pipelineDe from '../pipeline/locales/de.json';
import { ListingCards } from './listing-cards';
import { ListingSort } from './listing-sort';
import { SORT_CHOICE_COLUMNS, type Sort } from './listing-state';
import de from './locales/de.json';
import { OpenProjectLink } from './project-action';
import { type ListingRow, type ListingVariant, sortColumnsOf } from './projects-table';

beforeAll(async () => {
  await initTestI18n('de', {
    de: { translation: appDe, listing: de, pipeline: pipelineDe, customer: customerDe },
  });
});
afterEach(cleanup);

const PROJECT_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';

function row(extra: Partial<ListingRow> = {}): ListingRow {
  return {
    _id: PROJECT_ID,
    projectId: PROJECT_ID,
    shortId: 'Q7K2M9',
    version: 1,
    address: 'Große Elbstraße 10, 22767 Hamburg',
    city: 'Hamburg',
    projectStatus: 'OFFER_PROVIDED',
    roofType: 'Gable',
    buildingType: 'Single-Family',
    status: 'NEW',
    people: 3,
    pricePerKwh: 0.3,
    feedInTariff: 0.08,
    consumption: 4200,
    totalCost: 18_000,
    rating: 4.5,
    customer: { firstName: 'Eva', lastName: 'Kunde', email: 'eva@example.test' },
    responsiblePerson: 'Jonas Vogt',
    date: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

function renderInApp(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/listing', element }], { initialEntries: ['/listing'] });
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const openCard = (r: ListingRow) =>
  r.projectId ? <OpenProjectLink projectId={r.projectId} address={r.address} isCard /> : null;

describe('ListingCards: the listing on a phone', () => {
  it("a project's card shows its address, stage, figures and customer, and a named link to open it", () => {
    renderInApp(
      <ListingCards
        rows={[row()]}
        variant="projects"
        renderAction={openCard}
        label="Projektliste"
        busy={false}
      />,
    );
    const list = screen.getByRole('list', { name: 'Projektliste' });
    const card = within(list).getByRole('listitem');
    expect(card.textContent).toContain('Große Elbstraße 10, 22767 Hamburg');
    expect(card.textContent).toContain('Hamburg · Q7K2M9');
    expect(within(card).getByTestId('cell-stage').textContent).toBe('Angebot abgegeben');
    const fact = (id: string) => card.querySelector(`[data-column="${id}"]`)?.textContent;
    expect(fact('totalCost')).toBe('Gesamtkosten (€)18.000\u00a0€');
    expect(fact('consumption')).toBe('Verbrauch4.200\u00a0kWh');
    expect(fact('responsiblePerson')).toBe('Verantwortliche PersonJonas Vogt');
    expect(fact('date')).toBe('Datum01.11.2026');
    expect(fact('customer')).toBe('Eva Kunde · eva@example.test');
    expect(within(card).getByRole('link', { name: 'eva@example.test' }).getAttribute('href')).toBe(
      'mailto:eva@example.test',
    );
    const open = within(card).getByRole('link', {
      name: 'Projekt öffnen: Große Elbstraße 10, 22767 Hamburg',
    });
    expect(open.getAttribute('href')).toBe(`/projectview?projectId=${PROJECT_ID}`);
    expect(open.textContent).toBe('Projekt öffnen');
    // Not selectable unless the role may delete.
    expect(within(card).queryByRole('checkbox')).toBeNull();
  });

  it("links the 3D planning page as the table's column does, only where there is one", () => {
    const url = (r: ListingRow) =>
      r.shortId === 'Q7K2M9' ? `https://plan.example.test/3d?shortId=${r.shortId}` : null;
    renderInApp(
      <ListingCards
        rows={[row(), row({ _id: 'other', projectId: null, shortId: 'X1', address: 'Ohne Planung 1' })]}
        variant="quotes"
        label="Projektliste"
        busy={false}
        planningUrl={url}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    const link = within(first as HTMLElement).getByTestId('open-3d');
    expect(link.getAttribute('href')).toBe('https://plan.example.test/3d?shortId=Q7K2M9');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(second as HTMLElement).queryByTestId('open-3d')).toBeNull();
    expect((second as HTMLElement).querySelector('[data-column="planning3d"]')).toBeNull();
  });

  it('a selectable card has a checkbox named by its address, as the table row has', () => {
    const onToggle = vi.fn();
    renderInApp(
      <ListingCards
        rows={[row()]}
        variant="projects"
        label="Projektliste"
        busy={false}
        selectable
        selected={new Set([PROJECT_ID])}
        onToggle={onToggle}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Projekt Große Elbstraße 10, 22767 Hamburg auswählen' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('listitem').dataset.selected).toBe('true');
    fireEvent.click(box);
    expect(onToggle).toHaveBeenCalledWith(PROJECT_ID);
  });

  it("a nearby request's card says why its customer is hidden; a read-only quote's has no action", () => {
    renderInApp(
      <ListingCards
        rows={[row({ _id: 'q1', projectId: null, projectStatus: null, customer: null })]}
        variant="nearby"
        label="Anfragen in der Nähe"
        busy
      />,
    );
    const list = screen.getByRole('list', { name: 'Anfragen in der Nähe' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(within(list).getByTestId('customer-hidden').textContent).toBe('Sichtbar nach dem Speichern');
    expect(within(list).queryByTestId('cell-stage')).toBeNull();
    cleanup();

    renderInApp(
      <ListingCards
        rows={[row({ _id: 'q2', projectId: null, projectStatus: null, customer: null })]}
        variant="quotes"
        label="Projektliste"
        busy={false}
      />,
    );
    const card = screen.getByRole('listitem');
    expect(card.querySelector('[data-column="customer"]')).toBeNull();
    expect(card.querySelector('[data-column="status"]')).not.toBeNull();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('ListingSort: the cards sorted without headers', () => {
  it.each(['projects', 'quotes', 'nearby'] as ListingVariant[])(
    "offers the columns the %s table's headers sort by",
    (variant) => {
      expect(new Set(SORT_CHOICE_COLUMNS)).toEqual(new Set(sortColumnsOf(variant)));
    },
  );

  it('shows the sort and sets the one picked', () => {
    const onChange = vi.fn();
    const fallback: Sort = { column: 'date', order: 'desc' };
    renderInApp(
      <ListingSort sort={{ column: 'city', order: 'asc' }} fallback={fallback} onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Sortieren nach' }) as HTMLSelectElement;
    expect(select.value).toBe('city.asc');
    expect(select.selectedOptions[0]?.textContent).toBe('Stadt A–Z');
    const labels = Array.from(select.options, (o) => o.textContent);
    expect(labels.slice(0, 2)).toEqual(['Neueste zuerst', 'Älteste zuerst']);
    expect(labels).toHaveLength(10);
    fireEvent.change(select, { target: { value: 'totalCost.asc' } });
    expect(onChange).toHaveBeenCalledWith({ column: 'totalCost', order: 'asc' });
  });
});
