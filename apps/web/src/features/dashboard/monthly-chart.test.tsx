// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/testing';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import { MonthlyChart } from './monthly-chart';

beforeAll(async () => {
  await initTestI18n('es', { de: { dashboard: de }, en: { dashboard: en }, es: { dashboard: es } });
});
afterEach(cleanup);

/** The spoken label of each month of the chart. */
function monthLabels(): string[] {
  const { container } = render(
    <MantineProvider env="test">
      <MonthlyChart
        monthly={[
          { month: '2026-01', created: 1, signed: 1 },
          { month: '2026-02', created: 2, signed: 0 },
        ]}
      />
    </MantineProvider>,
  );
  return [...container.querySelectorAll('li[aria-label]')].map((li) => li.getAttribute('aria-label') ?? '');
}

describe('MonthlyChart', () => {
  it('reads one project of a month in the singular, in every language', async () => {
    await i18next.changeLanguage('es');
    expect(monthLabels()).toEqual([
      'enero de 2026: 1 creado, 1 firmado',
      'febrero de 2026: 2 creados, 0 firmados',
    ]);
    cleanup();
    await i18next.changeLanguage('en');
    expect(monthLabels()).toEqual([
      'January 2026: 1 created, 1 signed',
      'February 2026: 2 created, 0 signed',
    ]);
    cleanup();
    await i18next.changeLanguage('de');
    expect(monthLabels()).toEqual([
      'Januar 2026: 1 angelegt, 1 unterschrieben',
      'Februar 2026: 2 angelegt, 0 unterschrieben',
    ]);
  });
});
