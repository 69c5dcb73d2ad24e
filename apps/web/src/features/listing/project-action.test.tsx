// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { compactUuid, type Quote } from '@solar/shared';
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import {
  type MapViewData,
  type QuoteListPage,
  quoteKeys,
  withPointStage,
  withSavedQuote,
} from '../../api/quotes';
import appDe from '../../i18n/de.json';
import { initTestI18n } from '../../i18n/testing';
import { showNotification } from '../../lib/notifications-host';
import de from './locales/de.json';
import { ProjectAction } from './project-action';
import type { ListingRow } from './projects-table';

vi.mock('../../lib/notifications-host', () => ({
  showNotification: vi.fn(),
  clearNotifications: vi.fn(),
  requestNotifications: vi.fn(),
}));

beforeAll(async () => {
  await initTestI18n('de', { de: { translation: appDe, listing: de } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(showNotification).mockClear();
});

const QUOTE_ID = '0b6f3c1e-2a4d-4c8e-9f10-1a2b3c4d5e6f';
const OTHER_ID = '7d1e2f30-4a5b-4c6d-8e9f-a0b1c2d3e4f5';
const PROJECT_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';

function quote(id: string, extra: Partial<Quote> = {}): Quote {
  return {
    _id: id,
    quoteId: id,
    shortId: 'Q-1',
    version: 1,
    address: 'Große Elbstraße 10, 22767 Hamburg',
    postalCode: '22767',
    city: 'Hamburg',
    lat: 53.5,
    long: 9.9,
    status: 'NEW',
    taskStatus: 'OPEN',
    verification: 'unverified',
    solarCoverage: 'unknown',
    roofType: 'Gable',
    roofMaterial: '',
    roofOrientation: '',
    buildingType: 'Single-Family',
    pricePerKwh: 0.3,
    feedInTariff: 0.08,
    people: 3,
    consumption: 4200,
    totalCost: 18000,
    rating: 4.5,
    flagOfQuote: [],
    isVerified: false,
    isDuplicate: false,
    isBlacklisted: false,
    hasObj: false,
    hasPvsol: false,
    customer: null,
    projectId: null,
    projectStatus: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  } as Quote;
}

function row(extra: Partial<ListingRow> = {}): ListingRow {
  return { ...quote(QUOTE_ID), date: '2026-11-01T10:00:00.000Z', responsiblePerson: null, ...extra };
}

/** The answer of POST /saved-project/create, as far as the hook reads it. */
const PROJECT = {
  _id: PROJECT_ID,
  quoteId: QUOTE_ID,
  projectStatus: 'ACQUISITION',
  customer: { firstName: 'Eva', lastName: 'Kunde', email: 'eva@example.test', phone: '+49 40 1' },
};

function listingPages(): InfiniteData<QuoteListPage, string> {
  const pagination = { page: 1, limit: 20, total: 2, totalPages: 1, hasNextPage: false, nextCursor: null };
  const maxMin = [{ count: 2, isCapped: false, totalCost: 1, minCost: 1, maxCost: 1, totalConsumption: 1 }];
  return {
    pages: [
      { docs: [quote(OTHER_ID)], pagination, maxMin },
      { docs: [quote(QUOTE_ID)], pagination, maxMin },
    ],
    pageParams: ['', 'cursor'],
  };
}

const LISTING_KEY = [...quoteKeys.listingAll, { limit: 20 }, {}] as const;

function renderAction(props: { row: ListingRow; isCard?: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(LISTING_KEY, listingPages());
  client.setQueryData(['projects', 'search', { filters: {} }], { pages: [], pageParams: [] });
  const router = createMemoryRouter([{ path: '/listing', element: <ProjectAction {...props} /> }], {
    initialEntries: ['/listing?tab=nearby'],
  });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return client;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ProjectAction: save a nearby request as a project', () => {
  it('sends one request for a burst of clicks, shows it is busy, then links to the project', async () => {
    const answer = deferred<{ data: typeof PROJECT }>();
    const post = vi.spyOn(api, 'post').mockReturnValue(answer.promise as never);
    const client = renderAction({ row: row() });
    const button = screen.getByRole('button', { name: /^Projekt speichern/ });
    expect(button.getAttribute('aria-label')).toBe('Projekt speichern: Große Elbstraße 10, 22767 Hamburg');

    // Three clicks before React renders the busy button: each would be a request of its own.
    act(() => {
      button.click();
      button.click();
      button.click();
    });
    await waitFor(() => expect(post).toHaveBeenCalled());
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0]).toBe('/saved-project/create');
    expect(post.mock.calls[0]?.[1]).toEqual({ quoteId: QUOTE_ID });
    await waitFor(() => expect(button.hasAttribute('data-loading')).toBe(true));
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer.resolve({ data: PROJECT }));
    const link = await screen.findByRole('link', { name: /^Projekt öffnen/ });
    expect(link.getAttribute('href')).toBe(`/projectview?projectId=${PROJECT_ID}`);
    expect(screen.queryByTestId('save-project')).toBeNull();
    expect(vi.mocked(showNotification).mock.calls[0]?.[0]).toMatchObject({
      color: 'teal',
      message: 'Projekt gespeichert: Große Elbstraße 10, 22767 Hamburg',
    });

    // The listing's row shows the project and its customer where it is; the company's lists are read anew.
    const pages = client.getQueryData<InfiniteData<QuoteListPage, string>>(LISTING_KEY);
    expect(pages?.pages[1]?.docs[0]).toMatchObject({
      projectId: PROJECT_ID,
      projectStatus: 'ACQUISITION',
      customer: PROJECT.customer,
    });
    expect(pages?.pages[0]?.docs[0]?.projectId).toBeNull();
    expect(client.getQueryState(['projects', 'search', { filters: {} }])?.isInvalidated).toBe(true);
  });

  it('on failure shows the server message and leaves the row as it was, to try again', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValue(new ApiError({ status: 404, message: 'Anfrage nicht gefunden', errors: {} }));
    const client = renderAction({ row: row() });
    act(() => screen.getByTestId('save-project').click());
    await waitFor(() =>
      expect(vi.mocked(showNotification).mock.calls[0]?.[0]).toMatchObject({
        color: 'red',
        message: 'Anfrage nicht gefunden',
      }),
    );
    const button = screen.getByTestId('save-project') as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByRole('link')).toBeNull();
    expect(client.getQueryData(LISTING_KEY)).toEqual(listingPages());
    expect(client.getQueryState(['projects', 'search', { filters: {} }])?.isInvalidated).toBe(false);

    // The flight has landed: the next click is a request again.
    act(() => button.click());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  });

  it('links a saved request to its project at once, as a full-width button on a card', () => {
    renderAction({ row: row({ projectId: PROJECT_ID, projectStatus: 'OFFER_PROVIDED' }), isCard: true });
    const link = screen.getByRole('link', { name: 'Projekt öffnen: Große Elbstraße 10, 22767 Hamburg' });
    expect(link.getAttribute('href')).toBe(`/projectview?projectId=${PROJECT_ID}`);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the caches a saved quote changes', () => {
  const saved = {
    quoteId: QUOTE_ID,
    projectId: PROJECT_ID,
    projectStatus: 'ACQUISITION' as const,
    customer: PROJECT.customer,
  };

  it('marks the quote on its page only, and leaves the data as it is when the quote is not listed', () => {
    const before = listingPages();
    const after = withSavedQuote(before, saved);
    expect(after?.pages[0]).toBe(before.pages[0]);
    expect(after?.pages[1]?.docs[0]).toMatchObject({ projectId: PROJECT_ID, customer: PROJECT.customer });
    expect(before.pages[1]?.docs[0]?.projectId).toBeNull();
    expect(withSavedQuote(before, { ...saved, quoteId: PROJECT_ID })).toBe(before);
    expect(withSavedQuote(undefined, saved)).toBeUndefined();
  });

  it("colours the quote's map point, and leaves an answer without it as it is", () => {
    const points: MapViewData = {
      ids: [compactUuid(OTHER_ID), compactUuid(QUOTE_ID)],
      lat: [53.5, 53.6],
      long: [9.9, 10],
      stage: ['OFFER_PROVIDED', null],
      truncated: false,
      clusters: null,
    };
    expect(withPointStage(points, QUOTE_ID, 'ACQUISITION')?.stage).toEqual(['OFFER_PROVIDED', 'ACQUISITION']);
    expect(withPointStage(points, PROJECT_ID, 'ACQUISITION')).toBe(points);
  });
});
