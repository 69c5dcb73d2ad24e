// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { offerKeys } from '../../api/offers';
import appDe from '../../i18n/de.json';
import { initTestI18n } from '../../i18n/testing';
import offersDe from '../offers/locales/de.json';
import { EmailTemplatesTab } from './email-templates-tab';

beforeAll(async () => {
  // The body's autosize textarea listens for font loading, which happy-dom does not have.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
  await initTestI18n('es', { es: { translation: appDe, offers: offersDe } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderTab() {
  // The list as loaded already; the project search of the preview finds nothing.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(offerKeys.emailTemplates, []);
  vi.spyOn(api, 'post').mockResolvedValue({
    data: { docs: [], pagination: { page: 1, limit: 50, total: 0, hasNextPage: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <EmailTemplatesTab />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('EmailTemplatesTab editor', () => {
  it('starts a new template in the language of the interface', async () => {
    renderTab();
    fireEvent.click(screen.getByTestId('email-template-new'));
    expect(await screen.findByDisplayValue('Español')).toBeTruthy();
  });

  it('closes at once while nothing is typed', async () => {
    renderTab();
    fireEvent.click(screen.getByTestId('email-template-new'));
    await screen.findByTestId('email-template-form');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByTestId('email-template-form')).toBeNull());
  });

  it('asks before a typed template is thrown away, and keeps it on "keep editing"', async () => {
    renderTab();
    fireEvent.click(screen.getByTestId('email-template-new'));
    fireEvent.change(await screen.findByTestId('email-template-name'), { target: { value: 'Sommer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(await screen.findByTestId('keep-editing'));
    expect(screen.getByTestId('email-template-name')).toHaveProperty('value', 'Sommer');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(await screen.findByTestId('discard-changes'));
    await waitFor(() => expect(screen.queryByTestId('email-template-form')).toBeNull());
  });

  it("says when the body has no {{offerLink}}, and its button adds the line in the template's language", async () => {
    renderTab();
    fireEvent.click(screen.getByTestId('email-template-new'));
    const body = await screen.findByTestId('email-template-body');
    // Nothing typed yet: no note.
    expect(screen.queryByTestId('offer-link-missing')).toBeNull();
    fireEvent.change(body, { target: { value: 'Hallo {{customerName}},\nanbei Ihr Angebot.\n' } });
    expect(screen.getByTestId('offer-link-missing').textContent).toContain(
      'Diese Vorlage enthält keinen Link {{offerLink}}: Der Kunde erhält keinen Link, um das Angebot online anzunehmen oder abzulehnen.',
    );
    // It says so but holds nothing up.
    expect(screen.getByTestId('email-template-save')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByTestId('offer-link-add'));
    // The template is Spanish (the interface's language): the line is the built-in Spanish one.
    expect(body).toHaveProperty(
      'value',
      'Hallo {{customerName}},\nanbei Ihr Angebot.\n\nEn este enlace puede ver, aceptar o rechazar la oferta en línea: {{offerLink}}',
    );
    expect(screen.queryByTestId('offer-link-missing')).toBeNull();
    // Spaces inside the braces count, as the e-mail fills them.
    fireEvent.change(body, { target: { value: 'Hier: {{ offerLink }}' } });
    expect(screen.queryByTestId('offer-link-missing')).toBeNull();
  });
});
