import { describe, expect, it } from 'vitest';
import { calculateOffer, unitPriceFor } from './pricing';

const panel = {
  name: 'Modul 420 Wp',
  type: 'solarPanel',
  price: 150,
  bulkPrices: [
    { minQuantity: 20, price: 130 },
    { minQuantity: 10, price: 140 },
  ],
};
const inverter = { name: 'WR 10 kW', type: 'inverter', price: 1800, bulkPrices: [] };

describe('unitPriceFor', () => {
  it.each([
    [1, 150],
    [9, 150],
    [10, 140],
    [19, 140],
    [20, 130],
    [500, 130],
  ])('%d panels cost %d each', (q, unit) => {
    expect(unitPriceFor(panel, q)).toBe(unit);
  });
});

describe('calculateOffer', () => {
  const base = { kwp: 10, distanceKm: 25 };
  const components = [
    { ...panel, quantity: 24 },
    { ...inverter, quantity: 1 },
  ];
  // 24 × 130 = 3,120 + 1,800 = 4,920 components.
  it.each([
    ['fixPerPanel', 50, 1200],
    ['fixForProject', 2500, 2500],
    ['percentageOfProjectCost', 10, 492],
    ['dependingOnKwh', 120, 1200],
    ['distanceToProject', 2, 50],
  ] as const)('%s with %d gives a fee of %d', (strategy, value, fee) => {
    const r = calculateOffer({ ...base, components, strategy, value });
    expect(r.componentsTotal).toBe(4920);
    expect(r.projectFee).toBe(fee);
    expect(r.taxAndWarranty).toBe(Math.round((4920 + fee) * 0.01 * 100) / 100);
    expect(r.total).toBe(Math.round((4920 + fee) * 1.01 * 100) / 100);
  });

  it('rounds to cents', () => {
    const r = calculateOffer({
      ...base,
      strategy: 'percentageOfProjectCost',
      value: 7.5,
      components: [{ ...inverter, price: 999.99, quantity: 3 }],
    });
    expect(r.componentsTotal).toBe(2999.97);
    expect(r.projectFee).toBe(225);
    expect(r.taxAndWarranty).toBe(32.25);
    expect(r.total).toBe(3257.22);
  });
});
