// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { ApiError } from '../../api/errors';
import appDe from '../../i18n/de.json';
import appEn from '../../i18n/en.json';
import { initTestI18n } from '../../i18n/testing';
import { CreateCompanyModal } from './create-company-modal';
import dashboardDe from './locales/de.json';
import dashboardEn from './locales/en.json';

beforeAll(async () => {
  await initTestI18n('de', {
    de: { translation: appDe, dashboard: dashboardDe },
    en: { translation: appEn, dashboard: dashboardEn },
  });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18next.changeLanguage('de');
});

const COMPANY = {
  _id: '00000000-0000-4000-8000-000000000001',
  companyName: 'Neu Solar GmbH',
  partnerSlug: null,
  partnerTier: 'Future Partner',
  address: '',
  city: '',
  postalCode: '',
  latitude: null,
  longitude: null,
  serviceRadiusKm: 50,
  phone: '',
  email: '',
  website: '',
  vatId: '',
  description: '',
  constants: { freeDownloadCount: 3 },
};
const OWNER = {
  _id: '00000000-0000-4000-8000-000000000002',
  email: 'nina@neu-solar.test',
  firstName: 'Nina',
  lastName: '',
  role: 'INSTALLER_ADMIN',
  isActive: false,
};

function renderModal(onClose = vi.fn(), onCreated = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <CreateCompanyModal opened onClose={onClose} onCreated={onCreated} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onClose, onCreated };
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
/** The message Mantine shows under a field, which the field names as its description. */
function messageOf(testId: string): string {
  const input = field(testId);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}
const submit = () => fireEvent.submit(screen.getByTestId('create-company-form'));

describe('the create-company form', () => {
  it('checks with the server’s schema first: the name and the e-mail are required, in German', async () => {
    const post = vi.spyOn(api, 'post');
    renderModal();
    submit();
    await waitFor(() => expect(messageOf('create-company-name')).toContain('Dieses Feld ist erforderlich'));
    expect(messageOf('create-company-email')).toContain('Dieses Feld ist erforderlich');
    // The names are optional.
    expect(field('create-company-first-name').getAttribute('aria-invalid')).not.toBe('true');
    type('create-company-name', 'Neu Solar GmbH');
    type('create-company-email', 'keine-adresse');
    submit();
    await waitFor(() =>
      expect(messageOf('create-company-email')).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein'),
    );
    // A changed field loses its message.
    expect(field('create-company-name').getAttribute('aria-invalid')).not.toBe('true');
    expect(post).not.toHaveBeenCalled();
  });

  it('says so in English when the interface is English', async () => {
    await i18next.changeLanguage('en');
    renderModal();
    submit();
    await waitFor(() => expect(messageOf('create-company-name')).toContain('This field is required'));
  });

  it('shows the server’s account_exists at the e-mail field, not as a toast', async () => {
    const message = 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse';
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValue(
        new ApiError({ status: 400, message, errors: { email: message }, code: 'account_exists' }),
      );
    const { onCreated } = renderModal();
    type('create-company-name', '  Neu Solar GmbH ');
    type('create-company-email', ' Owner@Sonnenbau.test ');
    submit();
    await waitFor(() => expect(messageOf('create-company-email')).toContain(message));
    // Sent as the schema made it: trimmed, the address in lower case, the names empty.
    expect(post).toHaveBeenCalledWith(
      '/admin/companies',
      { companyName: 'Neu Solar GmbH', email: 'owner@sonnenbau.test', firstName: '', lastName: '' },
      expect.anything(),
    );
    expect(field('create-company-name').getAttribute('aria-invalid')).not.toBe('true');
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.queryByTestId('create-company-done')).toBeNull();
  });

  it('once created, says that the invitation went to the admin’s address', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ data: { company: COMPANY, owner: OWNER } });
    const { onCreated, onClose } = renderModal();
    type('create-company-name', 'Neu Solar GmbH');
    type('create-company-email', 'nina@neu-solar.test');
    type('create-company-first-name', 'Nina');
    submit();
    const done = await screen.findByTestId('create-company-done');
    expect(done.textContent).toContain('Neu Solar GmbH wurde angelegt.');
    expect(done.textContent).toContain('Die Einladungs-E-Mail wurde an nina@neu-solar.test gesendet.');
    expect(onCreated).toHaveBeenCalledTimes(1);
    // Nothing is left to lose: "Done" closes without asking.
    fireEvent.click(screen.getByTestId('create-company-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('discard-changes')).toBeNull();
  });
});
