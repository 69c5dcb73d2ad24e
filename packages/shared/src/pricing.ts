import { CONSTANTS, type PRICING_STRATEGIES } from './enums';

export type PricingStrategy = (typeof PRICING_STRATEGIES)[number];

export interface PricedComponent {
  name: string;
  type: string;
  quantity: number;
  /** The company's base price per unit. */
  price: number;
  bulkPrices: { minQuantity: number; price: number }[];
}

export interface OfferInput {
  components: PricedComponent[];
  strategy: PricingStrategy;
  /** € per panel, € per project, % of cost, € per kWp, or € per km, by strategy. */
  value: number;
  kwp: number;
  distanceKm: number;
}

export interface OfferLine {
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface OfferCalculation {
  lines: OfferLine[];
  componentsTotal: number;
  /** The company's fee from its pricing strategy. */
  projectFee: number;
  /** 1% of the project fee (SPEC §9). */
  taxAndWarranty: number;
  total: number;
}

const cents = (v: number) => Math.round(v * 100) / 100;

/** The unit price for a quantity: the highest bulk tier the quantity reaches, else the base price. */
export function unitPriceFor(c: Pick<PricedComponent, 'price' | 'bulkPrices'>, quantity: number): number {
  let unit = c.price;
  let reached = 0;
  for (const tier of c.bulkPrices) {
    if (quantity >= tier.minQuantity && tier.minQuantity >= reached) {
      unit = tier.price;
      reached = tier.minQuantity;
    }
  }
  return unit;
}

/**
 * Proposes an offer price (docs/offers.md): components at their bulk-tier unit prices, plus the
 * project fee of the company's pricing strategy, plus tax and warranty at 1% of the project fee
 * (components + strategy fee). Amounts are rounded to cents per line.
 */
export function calculateOffer(input: OfferInput): OfferCalculation {
  const lines = input.components.map((c) => {
    const unitPrice = unitPriceFor(c, c.quantity);
    return { name: c.name, quantity: c.quantity, unitPrice, total: cents(unitPrice * c.quantity) };
  });
  const componentsTotal = cents(lines.reduce((s, l) => s + l.total, 0));
  const panels = input.components.filter((c) => c.type === 'solarPanel').reduce((s, c) => s + c.quantity, 0);
  const fee = (() => {
    switch (input.strategy) {
      case 'fixPerPanel':
        return input.value * panels;
      case 'fixForProject':
        return input.value;
      case 'percentageOfProjectCost':
        return (componentsTotal * input.value) / 100;
      case 'dependingOnKwh':
        return input.value * input.kwp;
      case 'distanceToProject':
        return input.value * input.distanceKm;
    }
  })();
  const strategyFee = cents(fee);
  const projectFee = cents(componentsTotal + strategyFee);
  const taxAndWarranty = cents(projectFee * CONSTANTS.taxAndWarrantyRate);
  return {
    lines,
    componentsTotal,
    projectFee: strategyFee,
    taxAndWarranty,
    total: cents(projectFee + taxAndWarranty),
  };
}
