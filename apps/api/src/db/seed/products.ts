import type { RawQuery } from '../client';

/** The platform's demo product list: real product lines with plausible data. */
export const DEMO_PRODUCTS = [
  {
    type: 'solarPanel',
    name: 'Meyer Burger Glass 400 Wp',
    manufacturer: 'Meyer Burger',
    details: { powerW: 400, efficiencyPct: 21.8, warrantyYears: 30 },
    price: 165,
  },
  {
    type: 'solarPanel',
    name: 'Aiko Neostar 2P 445 Wp',
    manufacturer: 'Aiko',
    details: { powerW: 445, efficiencyPct: 22.8, warrantyYears: 25 },
    price: 142,
  },
  {
    type: 'solarPanel',
    name: 'Trina Vertex S+ 430 Wp',
    manufacturer: 'Trina Solar',
    details: { powerW: 430, efficiencyPct: 21.5, warrantyYears: 25 },
    price: 128,
  },
  {
    type: 'inverter',
    name: 'SMA Sunny Tripower 10.0',
    manufacturer: 'SMA',
    details: { powerW: 10000, efficiencyPct: 98.2, warrantyYears: 10 },
    price: 1890,
  },
  {
    type: 'inverter',
    name: 'Fronius Symo GEN24 8.0 Plus',
    manufacturer: 'Fronius',
    details: { powerW: 8000, efficiencyPct: 97.9, warrantyYears: 10 },
    price: 2350,
  },
  {
    type: 'inverter',
    subtype: 'micro-inverter',
    name: 'Enphase IQ8M',
    manufacturer: 'Enphase',
    details: { powerW: 330, efficiencyPct: 97.6, warrantyYears: 25 },
    price: 185,
  },
  {
    type: 'battery',
    name: 'BYD Battery-Box Premium HVS 10.2',
    manufacturer: 'BYD',
    details: { capacityKwh: 10.24, warrantyYears: 10 },
    price: 5400,
  },
  {
    type: 'battery',
    name: 'Tesla Powerwall 3',
    manufacturer: 'Tesla',
    details: { capacityKwh: 13.5, warrantyYears: 10 },
    price: 8900,
  },
  {
    type: 'wallbox',
    name: 'Wallbox Pulsar Plus 11 kW',
    manufacturer: 'Wallbox',
    details: { powerW: 11000, warrantyYears: 3 },
    price: 690,
  },
  {
    type: 'wallbox',
    name: 'KEBA KeContact P30 x-series',
    manufacturer: 'KEBA',
    details: { powerW: 22000, warrantyYears: 2 },
    price: 1450,
  },
  {
    type: 'heatpump',
    name: 'Viessmann Vitocal 250-A 10 kW',
    manufacturer: 'Viessmann',
    details: { powerW: 10000, warrantyYears: 5 },
    price: 14900,
  },
  {
    type: 'car',
    name: 'Volkswagen ID.3 Pro',
    manufacturer: 'Volkswagen',
    details: { capacityKwh: 58, warrantyYears: 8 },
    price: 39995,
  },
  {
    type: 'EMS',
    name: 'SMA Sunny Home Manager 2.0',
    manufacturer: 'SMA',
    details: { warrantyYears: 5 },
    price: 420,
  },
  {
    type: 'EMS',
    name: 'Fronius Ohmpilot',
    manufacturer: 'Fronius',
    details: { powerW: 9000, warrantyYears: 5 },
    price: 560,
  },
] as const;

/** The demo panels' bulk tiers: 5 % off from 10 pieces, 10 % from 25 (valid under the shared `BulkPrice` rules). */
export function demoBulkPrices(price: number): { minQuantity: number; price: number }[] {
  return [
    { minQuantity: 10, price: Math.round(price * 0.95) },
    { minQuantity: 25, price: Math.round(price * 0.9) },
  ];
}

/**
 * Seeds the platform products, puts most of them in each demo company's catalogue (panels with
 * bulk tiers), and sets each company's pricing strategy.
 */
export async function seedDemoProducts(query: RawQuery): Promise<void> {
  const ids: string[] = [];
  for (const p of DEMO_PRODUCTS) {
    const [row] = await query<{ id: string }>(
      `INSERT INTO products (type, subtype, name, manufacturer, details) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [p.type, 'subtype' in p ? p.subtype : null, p.name, p.manufacturer, JSON.stringify(p.details)],
    );
    if (row) ids.push(row.id);
  }
  const companies = await query<{ id: string; slug: string }>(`SELECT id, slug FROM companies ORDER BY name`);
  for (const company of companies) {
    const markup = company.slug === 'helios' ? 1.08 : 1;
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      if (company.slug === 'helios' && p.type === 'car') continue;
      const price = Math.round(p.price * markup);
      const tiers = p.type === 'solarPanel' ? demoBulkPrices(price) : [];
      await query(
        `INSERT INTO installer_products (company_id, product_id, price, bulk_prices) VALUES ($1, $2, $3, $4)`,
        [company.id, ids[i], price, JSON.stringify(tiers)],
      );
    }
    await query(`INSERT INTO pricing_settings (company_id, strategy, value) VALUES ($1, $2, $3)`, [
      company.id,
      company.slug === 'helios' ? 'percentageOfProjectCost' : 'fixPerPanel',
      company.slug === 'helios' ? 12 : 45,
    ]);
  }
}
