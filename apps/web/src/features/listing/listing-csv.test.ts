import { parseCsv } from '@solar/shared';
import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { featureResources } from '../../i18n/namespaces';
import { EXPORT_COLUMNS, listingCsv } from './listing-csv';
import type { ListingRow } from './projects-table';

const t = ((key: string) => `[${key}]`) as unknown as TFunction<['listing', 'pipeline']>;

const row: ListingRow = {
  _id: '00000000-0000-4000-8000-000000000001',
  projectId: '00000000-0000-4000-8000-000000000001',
  shortId: 'AB12',
  version: 1,
  address: '=HYPERLINK("x"), Hauptstraße 1',
  city: 'München',
  projectStatus: 'OFFER_PROVIDED',
  roofType: 'Flat',
  buildingType: 'House',
  status: 'OPEN',
  people: 4,
  pricePerKwh: 0.325,
  feedInTariff: 0.0811,
  consumption: 4500,
  totalCost: 23456.5,
  rating: 4.5,
  customer: { firstName: 'Eva', lastName: 'Sonne', email: 'eva@example.test' },
  responsiblePerson: null,
  date: '2026-11-24T10:00:00.000Z',
};

describe('listing CSV', () => {
  it('writes German files with semicolons and decimal commas, labels from the table', () => {
    const text = listingCsv([row], 'de', t);
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${EXPORT_COLUMNS.map((c) => `[columns.${c}]`).join(';')}`);
    const [, cells] = parseCsv(text) as [string[], string[]];
    const at = (c: (typeof EXPORT_COLUMNS)[number]) => cells[EXPORT_COLUMNS.indexOf(c)];
    expect(at('totalCost')).toBe('23456,5');
    expect(at('pricePerKwh')).toBe('0,325');
    expect(at('stage')).toBe('[pipeline:stage.OFFER_PROVIDED]');
    expect(at('date')).toBe('2026-11-24');
    expect(at('email')).toBe('eva@example.test');
    expect(at('responsiblePerson')).toBe('');
    // Read back, the address is the original text; in the file it cannot run as a formula.
    expect(at('address')).toBe(row.address);
    expect(text).toContain(`'=HYPERLINK`);
  });

  it('writes English and Spanish files with commas and decimal points', () => {
    for (const lang of ['en', 'es'] as const) {
      const text = listingCsv([row, { ...row, customer: null, projectStatus: null }], lang, t);
      const rows = parseCsv(text);
      expect(rows).toHaveLength(3);
      expect(rows[1]?.[EXPORT_COLUMNS.indexOf('totalCost')]).toBe('23456.5');
      expect(rows[2]?.[EXPORT_COLUMNS.indexOf('firstName')]).toBe('');
      expect(rows[2]?.[EXPORT_COLUMNS.indexOf('stage')]).toBe('');
    }
  });

  it('writes roof and building types as the table shows them, in the language of the file', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: featureResources,
      lng: 'de',
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
    const rows = [
      { ...row, roofType: 'Hip', buildingType: 'Residential' },
      { ...row, roofType: 'Dome', buildingType: '' },
    ];
    const cellsOf = (lang: 'de' | 'en' | 'es') => {
      const tOf = i18n.getFixedT(lang, ['listing', 'pipeline']) as unknown as TFunction<
        ['listing', 'pipeline']
      >;
      const [, first, second] = parseCsv(listingCsv(rows, lang, tOf)) as [string[], string[], string[]];
      const at = (cells: string[], c: (typeof EXPORT_COLUMNS)[number]) => cells[EXPORT_COLUMNS.indexOf(c)];
      return [
        at(first, 'roofType'),
        at(first, 'buildingType'),
        at(second, 'roofType'),
        at(second, 'buildingType'),
      ];
    };
    // A value outside the lists stays as stored; none is an empty cell (not the table's dash).
    expect(cellsOf('de')).toEqual(['Walmdach', 'Wohngebäude', 'Dome', '']);
    expect(cellsOf('en')).toEqual([
      featureResources.en.customer.roofTypes.Hip,
      featureResources.en.customer.buildingTypes.Residential,
      'Dome',
      '',
    ]);
    expect(cellsOf('es')).toEqual([
      featureResources.es.customer.roofTypes.Hip,
      featureResources.es.customer.buildingTypes.Residential,
      'Dome',
      '',
    ]);
  });
});
