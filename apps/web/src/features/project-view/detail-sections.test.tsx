// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../api/project-view';
import { initTestI18n } from '../../i18n/testing';
import pipelineDe from '../pipeline/locales/de.json';
import { DetailSections } from './detail-sections';
import de from './locales/de.json';

beforeAll(async () => {
  await initTestI18n('de', { de: { projectView: de, pipeline: pipelineDe } });
});
afterEach(cleanup);

const project = (customer: { email: string; phone: string }) =>
  ({
    people: 3,
    consumption: 4200,
    status: 'VERIFIED',
    roofType: 'Gable',
    buildingType: 'Single-Family',
    shortId: 'Q7K2M9',
    pricePerKwh: 0.35,
    feedInTariff: 0.082,
    totalCost: 18_000,
    rating: 4,
    components: [],
    customer: { firstName: 'Erika', lastName: 'Hanse', ...customer },
  }) as unknown as ProjectDetail;

const renderSections = (p: ProjectDetail) =>
  render(
    <MantineProvider env="test">
      <DetailSections project={p} />
    </MantineProvider>,
  );

describe("the project view's household card", () => {
  it("links the customer's e-mail and phone, for a call-back", () => {
    renderSections(project({ email: 'erika@kunde.example', phone: '+49 681 123 45-6' }));
    const mail = screen.getByRole('link', { name: 'erika@kunde.example' });
    expect(mail.getAttribute('href')).toBe('mailto:erika@kunde.example');
    const phone = screen.getByRole('link', { name: '+49 681 123 45-6' });
    expect(phone.getAttribute('href')).toBe('tel:+49681123456');
    expect(screen.getByTestId('section-household').textContent).toContain('E-Mail');
  });

  it('says a phone number was not given rather than showing an empty line', () => {
    renderSections(project({ email: 'erika@kunde.example', phone: '' }));
    expect(screen.getByTestId('fact-customer-phone').textContent).toBe('nicht angegeben');
    expect(screen.queryAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      'mailto:erika@kunde.example',
    ]);
  });
});
