// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import appDe from '../../i18n/de.json';
import { initTestI18n } from '../../i18n/testing';
import type { CustomerView } from './customer-view-page';
import de from './locales/de.json';
import { OfferDecision } from './offer-decision';

beforeAll(async () => {
  await initTestI18n('de', { de: { translation: appDe, customerView: de } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const OFFER = {
  _id: '6f1c2a0e-8a3b-4c1d-9e2f-0a1b2c3d4e5f',
  version: 2,
  moduleQuantity: 20,
  productionCapacity: 8.4,
  finalPrice: 18450,
  yearlyProduction: 7800,
  monthlySolarData: {},
  pdfUrl: null,
};
const VIEW: CustomerView = {
  preview: false,
  companyName: 'Sonnenbau GmbH',
  companyEmail: 'info@sonnenbau.test',
  companyPhone: '',
  customerName: 'Eva Kunde',
  address: 'Hauptstr. 1',
  stage: 'OFFER_PROVIDED',
  components: [],
  offer: OFFER,
  acceptance: null,
  decline: null,
};

function renderDecision(data: CustomerView, onStale = vi.fn(), platformPreview = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <OfferDecision
          token={'t'.repeat(40)}
          data={data}
          offer={OFFER}
          onStale={onStale}
          platformPreview={platformPreview}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return onStale;
}

describe('OfferDecision: the customer declines', () => {
  it('offers the decline beside the acceptance only while the offer is provided', () => {
    renderDecision(VIEW);
    expect(screen.getByTestId('accept-offer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Angebot ablehnen' })).toBeTruthy();
    cleanup();
    // Withdrawn (back in acquisition) or signed on paper: nothing to decline.
    for (const stage of ['ACQUISITION', 'INSTALLER_SIGNED']) {
      renderDecision({ ...VIEW, stage });
      expect(screen.getByTestId('accept-offer')).toBeTruthy();
      expect(screen.queryByTestId('decline-offer')).toBeNull();
      cleanup();
    }
  });

  it('asks first, and sends no reason when none is typed', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      data: { ...VIEW, decline: { reason: null, declinedAt: '2026-03-01T10:00:00.000Z', offerVersion: 2 } },
    });
    renderDecision(VIEW);
    fireEvent.click(screen.getByTestId('decline-offer'));
    const dialog = await screen.findByRole('dialog', { name: 'Dieses Angebot ablehnen?' });
    expect(within(dialog).getByText(/Sonnenbau GmbH erfährt/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Grund (optional)'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('decline-confirm'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toBe('/customer-view/decline');
    expect(post.mock.calls[0]?.[1]).toEqual({ token: 't'.repeat(40), offerId: OFFER._id });
  });

  it('declines only, even with the acceptance form filled in (the dialog is no part of that form)', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      data: {
        ...VIEW,
        decline: { reason: 'Zu teuer', declinedAt: '2026-03-01T10:00:00.000Z', offerVersion: 2 },
      },
    });
    renderDecision(VIEW);
    fireEvent.change(screen.getByLabelText(/Vollständiger Name/), { target: { value: 'Eva Kunde' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('decline-offer'));
    const dialog = await screen.findByRole('dialog', { name: 'Dieses Angebot ablehnen?' });
    fireEvent.change(within(dialog).getByLabelText('Grund (optional)'), { target: { value: 'Zu teuer' } });
    fireEvent.click(within(dialog).getByTestId('decline-confirm'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls.map((call) => call[0])).toEqual(['/customer-view/decline']);
    expect(post.mock.calls[0]?.[1]).toMatchObject({ reason: 'Zu teuer' });
  });

  it('refuses a reason over 500 characters before sending it', async () => {
    const post = vi.spyOn(api, 'post');
    renderDecision(VIEW);
    fireEvent.click(screen.getByTestId('decline-offer'));
    const dialog = await screen.findByRole('dialog', { name: 'Dieses Angebot ablehnen?' });
    fireEvent.change(within(dialog).getByLabelText('Grund (optional)'), {
      target: { value: 'x'.repeat(501) },
    });
    fireEvent.click(within(dialog).getByTestId('decline-confirm'));
    expect(await within(dialog).findByText('Bitte geben Sie höchstens 500 Zeichen ein')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("says the server's refusal (a 409) in the customer's language and loads what holds now", async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError({
        status: 409,
        message: 'Dieses Angebot wurde bereits angenommen und kann hier nicht mehr abgelehnt werden.',
        errors: {},
        code: 'offer_already_accepted',
      }),
    );
    const onStale = renderDecision(VIEW);
    fireEvent.click(screen.getByTestId('decline-offer'));
    const dialog = await screen.findByRole('dialog', { name: 'Dieses Angebot ablehnen?' });
    fireEvent.click(within(dialog).getByTestId('decline-confirm'));
    expect((await screen.findByTestId('decline-refused')).textContent).toMatch(/bereits angenommen/);
    expect(onStale).toHaveBeenCalledTimes(1);
  });

  it('declines once on a double click, without a refusal of the second click above the decline', async () => {
    let answer: (value: { data: CustomerView }) => void = () => {};
    const post = vi.spyOn(api, 'post').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve as typeof answer;
        }),
    );
    renderDecision(VIEW);
    fireEvent.click(screen.getByTestId('decline-offer'));
    const dialog = await screen.findByRole('dialog', { name: 'Dieses Angebot ablehnen?' });
    const confirm = within(dialog).getByTestId('decline-confirm');
    // Both clicks before the button can show that it is busy.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    answer({
      data: {
        ...VIEW,
        stage: 'OFFER_NOT_ACCEPTED',
        decline: { reason: null, declinedAt: '2026-03-01T10:00:00.000Z', offerVersion: 2 },
      },
    });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('decline-refused')).toBeNull();
  });

  it('accepts once on a double click', async () => {
    const post = vi.spyOn(api, 'post').mockReturnValue(new Promise(() => {}));
    renderDecision(VIEW);
    fireEvent.change(screen.getByLabelText(/Vollständiger Name/), { target: { value: 'Eva Kunde' } });
    fireEvent.click(screen.getByRole('checkbox'));
    const form = screen.getByTestId('accept-offer').closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls.map((call) => call[0])).toEqual(['/customer-view/accept']);
  });

  it('shows a declined offer as declined, with the reason, and no buttons', () => {
    renderDecision({
      ...VIEW,
      stage: 'OFFER_NOT_ACCEPTED',
      decline: { reason: 'Zu teuer', declinedAt: '2026-03-01T10:00:00.000Z', offerVersion: 2 },
    });
    const declined = screen.getByTestId('offer-declined');
    expect(declined.textContent).toContain('Sie haben dieses Angebot (Version 2) am 01.03.2026 abgelehnt.');
    expect(declined.textContent).toContain('Ihr Grund: Zu teuer');
    expect(declined.textContent).toContain('Sonnenbau GmbH wurde benachrichtigt.');
    expect(screen.queryByTestId('accept-offer')).toBeNull();
    expect(screen.queryByTestId('decline-offer')).toBeNull();
  });
});

describe("OfferDecision: the installer's preview", () => {
  it('disables the name, the consent and both buttons, says why, and sends nothing', () => {
    const post = vi.spyOn(api, 'post');
    renderDecision({ ...VIEW, preview: true });
    const accept = screen.getByTestId('accept-offer') as HTMLButtonElement;
    const decline = screen.getByTestId('decline-offer') as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(decline.disabled).toBe(true);
    expect((screen.getByLabelText(/Vollständiger Name/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    const hint = screen.getByTestId('customer-view-preview-hint');
    expect(hint.textContent).toMatch(/Nur Ihr Kunde kann das Angebot/);
    expect(hint.textContent).toMatch(/Sonnenbau GmbH/);
    expect(accept.getAttribute('aria-describedby')).toBe(hint.id);
    expect(decline.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.submit(accept.closest('form') as HTMLFormElement);
    expect(post).not.toHaveBeenCalled();
  });

  it("says an ADMIN's or CITY_ADMIN's preview is an administration account's, not a company member's", () => {
    const post = vi.spyOn(api, 'post');
    renderDecision({ ...VIEW, preview: true }, vi.fn(), true);
    const accept = screen.getByTestId('accept-offer') as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect((screen.getByTestId('decline-offer') as HTMLButtonElement).disabled).toBe(true);
    const hint = screen.getByTestId('customer-view-preview-hint');
    expect(hint.textContent).toBe(
      'Sie sind mit einem Verwaltungskonto des Portals angemeldet: Nur der Kunde kann das Angebot über seinen Link annehmen oder ablehnen.',
    );
    expect(accept.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.submit(accept.closest('form') as HTMLFormElement);
    expect(post).not.toHaveBeenCalled();
  });
});
