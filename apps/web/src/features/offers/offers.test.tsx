// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { offerKeys } from '../../api/offers';
import appDe from '../../i18n/de.json';
import { initTestI18n } from '../../i18n/testing';
import de from './locales/de.json';
import { offerPriceText } from './offers-section';
import { SendOfferModal } from './send-offer-modal';
import { UploadOfferModal } from './upload-offer-modal';

beforeAll(async () => {
  await initTestI18n('de', { de: { translation: appDe, offers: de } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('offerPriceText', () => {
  it('keeps the cents the PDF and the customer see', () => {
    expect(offerPriceText(23456.78, 'de')).toBe('23.456,78 €');
    expect(offerPriceText(23456.78, 'en')).toBe('€23,456.78');
    expect(offerPriceText(23456.78, 'es')).toBe('23,456.78 €');
  });

  it('shows a whole number of euros without decimals', () => {
    expect(offerPriceText(18450, 'de')).toBe('18.450 €');
    expect(offerPriceText(18450, 'en')).toBe('€18,450');
  });
});

describe('UploadOfferModal', () => {
  const renderModal = (onClose: () => void) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <UploadOfferModal projectId="p1" opened onClose={onClose} />
        </MantineProvider>
      </QueryClientProvider>,
    );

  it('closes at once while nothing is typed', () => {
    const onClose = vi.fn();
    renderModal(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before typed values are thrown away, and keeps them on "keep editing"', async () => {
    const onClose = vi.fn();
    renderModal(onClose);
    fireEvent.change(screen.getByTestId('offer-finalPrice'), { target: { value: '18.450' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('keep-editing'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('offer-finalPrice')).toHaveProperty('value', '18.450');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(await screen.findByTestId('discard-changes'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('SendOfferModal', () => {
  it("drops the recipient's message once the address is changed, and keeps what was typed", async () => {
    // The templates as loaded already: no request leaves the test.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const template = { isDefault: true, language: 'de', updatedAt: '2026-12-01T00:00:00.000Z' };
    client.setQueryData(offerKeys.wordTemplates, [
      { ...template, _id: 'd0c10000-0000-4000-8000-000000000001', name: 'Standard-Angebot', size: 1 },
    ]);
    client.setQueryData(offerKeys.emailTemplates, [
      { ...template, _id: 'e1a10000-0000-4000-8000-000000000001', name: 'Standard-Angebotsmail' },
    ]);
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError({
        status: 400,
        message: 'Bitte überprüfen Sie Ihre Eingaben',
        errors: { to: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' },
      }),
    );
    const offer = { _id: 'o1', projectId: 'p1', version: 1 } as Parameters<typeof SendOfferModal>[0]['offer'];
    render(
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <SendOfferModal offer={offer} customerEmail="kunde@example" onClose={() => {}} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('send-submit'));
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy();
    fireEvent.change(screen.getByTestId('send-to'), { target: { value: 'kunde@example.test' } });
    await waitFor(() =>
      expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein')).toBeNull(),
    );
    expect(screen.getByTestId('send-to')).toHaveProperty('value', 'kunde@example.test');
  });

  it('says when and to whom an offer went before, and its button sends again', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(offerKeys.wordTemplates, []);
    client.setQueryData(offerKeys.emailTemplates, []);
    const base = { _id: 'o1', projectId: 'p1', version: 2, sentTo: null, sentAt: null };
    const show = (offer: object) =>
      render(
        <QueryClientProvider client={client}>
          <MantineProvider env="test">
            <SendOfferModal
              offer={offer as Parameters<typeof SendOfferModal>[0]['offer']}
              customerEmail="kunde@example.test"
              onClose={() => {}}
            />
          </MantineProvider>
        </QueryClientProvider>,
      );
    show({ ...base, sendState: 'none' });
    expect(screen.queryByTestId('send-again-note')).toBeNull();
    expect(screen.getByTestId('send-submit').textContent).toBe('Senden');
    cleanup();
    show({ ...base, sendState: 'sent', sentTo: 'kunde@example.test', sentAt: '2026-11-30T10:00:00.000Z' });
    expect(screen.getByTestId('send-again-note').textContent).toBe(
      'Dieses Angebot wurde am 30.11.2026 an kunde@example.test gesendet. Erneut senden schickt eine weitere E-Mail.',
    );
    expect(screen.getByTestId('send-submit').textContent).toBe('Erneut senden');
  });
});
