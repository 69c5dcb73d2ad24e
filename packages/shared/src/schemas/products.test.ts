import { describe, expect, it } from 'vitest';
import { bulkTierIssues, InstallerProductRequest, ProductInput } from './products';

const tier = (minQuantity: number, price: number) => ({ minQuantity, price });

describe('bulkTierIssues (bulk means cheaper)', () => {
  it.each([
    ['cheaper with more pieces', [tier(10, 8), tier(25, 7)], 10, []],
    ['equal prices are allowed', [tier(10, 10), tier(25, 10)], 10, []],
    ['given out of order', [tier(25, 7), tier(10, 8)], 10, []],
    [
      'above the unit price',
      [tier(10, 11)],
      10,
      [{ index: 0, field: 'price', code: 'tier_above_unit_price' }],
    ],
    [
      'dearer than a smaller quantity',
      [tier(25, 9), tier(10, 8)],
      10,
      [{ index: 0, field: 'price', code: 'tier_above_smaller_tier' }],
    ],
    [
      'a quantity twice: the later one',
      [tier(10, 8), tier(10, 7)],
      10,
      [{ index: 1, field: 'minQuantity', code: 'duplicate_tier' }],
    ],
    ['without a unit price only the order counts', [tier(10, 50), tier(20, 40)], undefined, []],
  ] as const)('%s', (_name, tiers, unitPrice, expected) => {
    expect(bulkTierIssues(tiers, unitPrice)).toEqual(expected);
  });

  it('refuses the QA case field by field: a tier from 1 piece at 50 € beside a unit price of 10 €', () => {
    const result = InstallerProductRequest.safeParse({
      productId: crypto.randomUUID(),
      price: 10,
      bulkPrices: [tier(10, 8), tier(1, 50)],
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['bulkPrices.1.minQuantity', 'tier_min_quantity'],
      ['bulkPrices.1.price', 'tier_above_unit_price'],
    ]);
  });
});

describe('ProductInput subtype', () => {
  it('takes the micro-inverter subtype for inverters only (QA: a battery was saved as micro-inverter)', () => {
    const issues = (type: string) =>
      ProductInput.safeParse({ type, subtype: 'micro-inverter', name: 'Enphase IQ8M' }).error?.issues.map(
        (i) => [i.path.join('.'), i.message],
      );
    expect(issues('inverter')).toBeUndefined();
    expect(issues('battery')).toEqual([['subtype', 'invalid_value']]);
    expect(issues('solarPanel')).toEqual([['subtype', 'invalid_value']]);
  });
});
