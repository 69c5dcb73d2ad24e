// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import { offerKeys } from '../../api/offers';
import { productKeys } from '../../api/products';
import appDe from '../../i18n/de.json';
import { initTestI18n } from '../../i18n/testing';
import productsDe from '../products/locales/de.json';
import profileDe from '../profile/locales/de.json';
import de from './locales/de.json';
import { offerFieldsFromProposal } from './offer-from-calculator';
import { offerPriceText } from './offers-section';
import { SendOfferModal } from './send-offer-modal';
import { UploadOfferModal } from './upload-offer-modal';

beforeAll(async () => {
  await initTestI18n('de', {
    de: { translation: appDe, offers: de, products: productsDe, profile: profileDe },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('offerPriceText', () => {
  it('keeps the cents the PDF and the customer see', () => {
    expect(offerPriceText(23456.78, 'de')).toBe('23.456,78\u00a0€');
    expect(offerPriceText(23456.78, 'en')).toBe('€23,456.78');
    expect(offerPriceText(23456.78, 'es')).toBe('23,456.78\u00a0€');
  });

  it('shows a whole number of euros without decimals', () => {
    expect(offerPriceText(18450, 'de')).toBe('18.450\u00a0€');
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

describe('offerFieldsFromProposal', () => {
  const ready = { state: 'ready', total: 18450.5, panels: 20, kwp: 8.2 } as const;

  it("writes the total, the panels and the kWp in the UI language's number pattern", () => {
    expect(offerFieldsFromProposal(ready, 'de')).toEqual({
      finalPrice: '18.450,50',
      moduleQuantity: '20',
      productionCapacity: '8,20',
    });
    expect(offerFieldsFromProposal(ready, 'en')).toEqual({
      finalPrice: '18,450.50',
      moduleQuantity: '20',
      productionCapacity: '8.20',
    });
    expect(offerFieldsFromProposal({ ...ready, total: 18450, kwp: 10 }, 'es')).toEqual({
      finalPrice: '18,450',
      moduleQuantity: '20',
      productionCapacity: '10',
    });
  });

  it('leaves the module quantity and the capacity alone without panels or kWp', () => {
    expect(offerFieldsFromProposal({ ...ready, panels: 0, kwp: null }, 'de')).toEqual({
      finalPrice: '18.450,50',
    });
  });
});

describe('UploadOfferModal: calculate from catalogue', () => {
  const panel = {
    _id: 'a0000000-0000-4000-8000-000000000001',
    name: 'Sonnenmodul 410',
    manufacturer: 'Helio',
    type: 'solarPanel',
    details: { powerW: 410 },
  };
  const inverter = {
    _id: 'a0000000-0000-4000-8000-000000000002',
    name: 'Wechselrichter 8K',
    manufacturer: 'Helio',
    type: 'inverter',
    details: {},
  };
  const renderWithCatalogue = (onClose: () => void) => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    client.setQueryData(productKeys.search({ query: '', inCatalogue: true, page: 1, limit: 200 }), {
      docs: [panel, inverter],
      totalDocs: 2,
    });
    return render(
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <UploadOfferModal projectId="p1" opened onClose={onClose} />
        </MantineProvider>
      </QueryClientProvider>,
    );
  };
  const choose = async (line: number, name: RegExp) => {
    fireEvent.click(screen.getByRole('combobox', { name: `Produkt ${line}` }));
    fireEvent.click(await screen.findByRole('option', { name }));
  };

  it('fills the price, the modules and the kWp in German, editable, and guards them on close', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      data: {
        lines: [
          { name: panel.name, quantity: 20, unitPrice: 500, total: 10000 },
          { name: inverter.name, quantity: 1, unitPrice: 1500, total: 1500 },
        ],
        componentsTotal: 11500,
        projectFee: 6881.68,
        taxAndWarranty: 68.82,
        total: 18450.5,
      },
    });
    const onClose = vi.fn();
    renderWithCatalogue(onClose);
    fireEvent.click(screen.getByTestId('offer-calc-toggle'));

    // Nothing chosen yet: Apply says why and fills nothing, so Cancel still closes at once.
    fireEvent.click(screen.getByTestId('offer-calc-apply'));
    expect(screen.getByTestId('offer-calc-note').textContent).toBe(
      'Nichts übernommen: Wählen Sie zuerst mindestens ein Produkt aus Ihrem Katalog.',
    );
    expect(screen.getByTestId('offer-finalPrice')).toHaveProperty('value', '');

    await choose(1, /Sonnenmodul 410/);
    fireEvent.change(screen.getByRole('textbox', { name: 'Menge 1' }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Produkt hinzufügen' }));
    await choose(2, /Wechselrichter 8K/);
    await waitFor(() => expect(screen.getByTestId('calc-total').textContent).toBe('18.450,50\u00a0€'));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(
        '/product/calculate',
        expect.objectContaining({
          projectId: 'p1',
          components: [
            { productId: panel._id, quantity: 20 },
            { productId: inverter._id, quantity: 1 },
          ],
        }),
        expect.anything(),
      ),
    );

    fireEvent.click(screen.getByTestId('offer-calc-apply'));
    expect(screen.getByTestId('offer-finalPrice')).toHaveProperty('value', '18.450,50');
    // Only the panel line counts as modules; 20 × 410 W.
    expect(screen.getByTestId('offer-moduleQuantity')).toHaveProperty('value', '20');
    expect(screen.getByTestId('offer-productionCapacity')).toHaveProperty('value', '8,20');
    expect(screen.getByTestId('offer-calc-note').textContent).toBe(
      'Übernommen: Endpreis: 18.450,50, Anzahl Module: 20, Leistung (kWp): 8,20.',
    );

    // Applied values count as typed: closing asks first.
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(await screen.findByTestId('keep-editing'));
    expect(onClose).not.toHaveBeenCalled();
    // And they stay editable.
    fireEvent.change(screen.getByTestId('offer-finalPrice'), { target: { value: '18.000' } });
    expect(screen.getByTestId('offer-finalPrice')).toHaveProperty('value', '18.000');
  });

  it('applies nothing after a failed calculation and says why; Cancel then closes at once', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError({ status: 404, message: 'Produkt nicht gefunden', errors: {} }),
    );
    const onClose = vi.fn();
    renderWithCatalogue(onClose);
    fireEvent.click(screen.getByTestId('offer-calc-toggle'));
    await choose(1, /Sonnenmodul 410/);
    await screen.findByText('Produkt nicht gefunden');
    fireEvent.click(screen.getByTestId('offer-calc-apply'));
    expect(screen.getByTestId('offer-calc-note').textContent).toBe(
      'Nichts übernommen: Die Berechnung ist fehlgeschlagen (Produkt nicht gefunden).',
    );
    expect(screen.getByTestId('offer-finalPrice')).toHaveProperty('value', '');
    expect(screen.getByTestId('offer-moduleQuantity')).toHaveProperty('value', '');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
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

  it('notes an own e-mail template without {{offerLink}}, adds the line to it, and still sends', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const common = { language: 'de', subject: 'Ihr Angebot', updatedAt: '2026-12-01T00:00:00.000Z' };
    const own = {
      ...common,
      _id: 'e1a10000-0000-4000-8000-000000000002',
      name: 'Unsere Mail',
      isDefault: false,
      body: 'Guten Tag {{customerName}},\nanbei Ihr Angebot.',
    };
    const builtIn = {
      ...common,
      _id: 'e1a10000-0000-4000-8000-000000000001',
      name: 'Standard-Angebotsmail',
      isDefault: true,
      body: 'Guten Tag,\n\nUnter diesem Link: {{offerLink}}',
    };
    client.setQueryData(offerKeys.wordTemplates, [
      { ...common, _id: 'd0c10000-0000-4000-8000-000000000001', name: 'Standard', isDefault: true, size: 1 },
    ]);
    // The company's own come first, so the own one is chosen.
    client.setQueryData(offerKeys.emailTemplates, [own, builtIn]);
    // The saved template comes back with the list's refetch after the save.
    let list = [own, builtIn];
    vi.spyOn(api, 'get').mockImplementation(async () => ({ data: list }));
    const put = vi.spyOn(api, 'put').mockImplementation(async (_path, body) => {
      const saved = { ...own, ...(body as object) };
      list = [saved, builtIn];
      return { data: saved };
    });
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { message: 'Wird gesendet', offer: {} } });
    const offer = { _id: 'o1', projectId: 'p1', version: 1, sendState: 'none' } as Parameters<
      typeof SendOfferModal
    >[0]['offer'];
    render(
      <QueryClientProvider client={client}>
        <MantineProvider env="test">
          <SendOfferModal offer={offer} customerEmail="kunde@example.test" onClose={() => {}} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const note = screen.getByTestId('offer-link-missing');
    expect(note.textContent).toContain(
      'Diese Vorlage enthält keinen Link {{offerLink}}: Der Kunde erhält keinen Link, um das Angebot online anzunehmen oder abzulehnen.',
    );
    // Calm: a note, not an alert, and sending is not held up.
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.getByTestId('send-submit')).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByTestId('offer-link-add'));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        `/email-template/${own._id}`,
        {
          body: 'Guten Tag {{customerName}},\nanbei Ihr Angebot.\n\nUnter diesem Link können Sie das Angebot online ansehen, annehmen oder ablehnen: {{offerLink}}',
        },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('offer-link-missing')).toBeNull());

    // The built-in template carries the link: no note.
    fireEvent.click(screen.getByTestId('send-email-template'));
    fireEvent.click(await screen.findByRole('option', { name: /Standard-Angebotsmail/ }));
    expect(screen.queryByTestId('offer-link-missing')).toBeNull();

    fireEvent.click(screen.getByTestId('send-submit'));
    await waitFor(() => expect(post).toHaveBeenCalled());
  });

  it("names the company's missing phone or e-mail, with the way to the company card for its admin", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const common = { isDefault: true, language: 'de', updatedAt: '2026-12-01T00:00:00.000Z' };
    client.setQueryData(offerKeys.wordTemplates, [
      { ...common, _id: 'd0c10000-0000-4000-8000-000000000001', name: 'Standard', size: 1 },
    ]);
    client.setQueryData(offerKeys.emailTemplates, [
      {
        ...common,
        _id: 'e1a10000-0000-4000-8000-000000000001',
        name: 'Standard-Angebotsmail',
        body: '{{offerLink}}',
      },
    ]);
    const offer = { _id: 'o1', projectId: 'p1', version: 1, sendState: 'none' } as Parameters<
      typeof SendOfferModal
    >[0]['offer'];
    const show = (company: { phone: string; email: string } | null, canEditCompany: boolean) =>
      render(
        <QueryClientProvider client={client}>
          <MantineProvider env="test">
            <MemoryRouter>
              <SendOfferModal
                offer={offer}
                customerEmail="kunde@example.test"
                company={company}
                canEditCompany={canEditCompany}
                onClose={() => {}}
              />
            </MemoryRouter>
          </MantineProvider>
        </QueryClientProvider>,
      );

    // The company admin: what is missing, why, and the link to the company card of the settings.
    show({ phone: ' ', email: 'kontakt@neu-solar.test' }, true);
    let note = screen.getByTestId('offer-company-missing');
    expect(note.textContent).toContain('Für Angebote fehlt noch: Telefon');
    expect(note.textContent).not.toContain('E-Mail,');
    expect(note.textContent).toContain('Sie können trotzdem senden');
    expect(screen.getByRole('link', { name: 'Unternehmensdaten öffnen' }).getAttribute('href')).toBe(
      '/profile#company',
    );
    // A note, not an alert, and sending is not held up.
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.getByTestId('send-submit')).toHaveProperty('disabled', false);
    cleanup();

    // A sales person may not change the company: told who can, without the link.
    show({ phone: '', email: '' }, false);
    note = screen.getByTestId('offer-company-missing');
    expect(note.textContent).toContain('Für Angebote fehlt noch: Telefon, E-Mail');
    expect(note.textContent).toContain('Die Administration Ihres Unternehmens kann sie eintragen.');
    expect(screen.queryByRole('link', { name: 'Unternehmensdaten öffnen' })).toBeNull();
    cleanup();

    // Both stored (or no company, as for the platform admin): no note.
    show({ phone: '+49 89 1234560', email: 'kontakt@sonnenbau.test' }, true);
    expect(screen.queryByTestId('offer-company-missing')).toBeNull();
    cleanup();
    show(null, false);
    expect(screen.queryByTestId('offer-company-missing')).toBeNull();
  });
});
