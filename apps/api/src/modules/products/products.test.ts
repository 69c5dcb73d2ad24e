import { InstallerProductRequest } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEMO_PRODUCTS, demoBulkPrices } from '../../db/seed/products';

let t: TestApp;
let a: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let b: Awaited<ReturnType<TestApp['createInstallerCompany']>>;
let admin: Awaited<ReturnType<TestApp['createPlatformUser']>>;
let platformPanel: string;

const req = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...t.auth(token), 'accept-language': 'en' }, payload });

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createInstallerCompany();
  b = await t.createInstallerCompany();
  admin = await t.createPlatformUser('ADMIN');
  const res = await req(admin.token, 'POST', '/api/product/', {
    type: 'solarPanel',
    name: `Platform Modul 420 ${Math.random()}`,
    manufacturer: 'SunMaker',
    details: { powerW: 420, efficiencyPct: 21.5, warrantyYears: 25 },
  });
  expect(res.statusCode).toBe(200);
  platformPanel = res.json().data._id;
});
afterAll(() => t.close());

describe('platform products (ADMIN)', () => {
  it('refuses installers creating, updating or deleting platform products', async () => {
    const body = { type: 'battery', name: 'Speicher 10', details: { capacityKwh: 10 } };
    expect((await req(a.admin.token, 'POST', '/api/product/', body)).statusCode).toBe(403);
    expect((await req(a.admin.token, 'PUT', `/api/product//update/${platformPanel}`, body)).statusCode).toBe(
      403,
    );
    expect(
      (await req(a.admin.token, 'PUT', '/api/product/delete', { deletedProducts: [platformPanel] }))
        .statusCode,
    ).toBe(403);
  });

  it('validates the product field by field', async () => {
    const res = await req(admin.token, 'POST', '/api/product/', {
      type: 'toaster',
      name: '',
      details: { efficiencyPct: 140 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['details.efficiencyPct', 'name', 'type']);
    // A bound says what it is, in the caller's language and number format.
    expect(res.json().errors['details.efficiencyPct']).toBe('The value must be at most 100');
    expect(res.json().errors.name).toBe('This field is required');
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/product/',
      headers: { ...t.auth(admin.token), 'accept-language': 'de' },
      payload: { type: 'solarPanel', name: 'x'.repeat(201), price: -5, details: { powerW: 20_000_000 } },
    });
    expect(german.json().errors).toMatchObject({
      name: 'Bitte geben Sie höchstens 200 Zeichen ein',
      'details.powerW': 'Der Wert darf höchstens 10.000.000 sein',
    });
  });

  it('updates at the double-slash path of SPEC §7', async () => {
    const res = await req(admin.token, 'PUT', `/api/product//update/${platformPanel}`, {
      type: 'solarPanel',
      name: 'Platform Modul 425',
      manufacturer: 'SunMaker',
      details: { powerW: 425 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Platform Modul 425',
      details: { powerW: 425 },
      isDuplicate: false,
    });
  });
});

describe('a company’s catalogue', () => {
  it('adds a platform product with a price and bulk prices, and lists it with them', async () => {
    const add = await req(a.admin.token, 'POST', '/api/product/productinstaller', {
      productId: platformPanel,
      price: 150,
      bulkPrices: [
        { minQuantity: 20, price: 130 },
        { minQuantity: 10, price: 140 },
      ],
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.installerProduct).toMatchObject({
      price: 150,
      bulkPrices: [
        { minQuantity: 10, price: 140 },
        { minQuantity: 20, price: 130 },
      ],
    });
    const list = await req(a.sales.token, 'GET', `/api/product?installerId=${a.company.id}&type=solarPanel`);
    const mine = list.json().data.docs.find((p: { _id: string }) => p._id === platformPanel);
    expect(mine.installerProduct.price).toBe(150);
    // Company B sees the platform product without A's price.
    const other = await req(b.sales.token, 'GET', '/api/product?type=solarPanel');
    expect(
      other.json().data.docs.find((p: { _id: string }) => p._id === platformPanel).installerProduct,
    ).toBeNull();
  });

  it('a price change without tiers keeps the stored tiers, and is refused below one of them', async () => {
    const tiersOf = async () =>
      (await req(a.sales.token, 'GET', `/api/product?installerId=${a.company.id}&type=solarPanel`))
        .json()
        .data.docs.find((p: { _id: string }) => p._id === platformPanel).installerProduct;
    const before = await tiersOf();
    expect(before.bulkPrices.length).toBeGreaterThan(0);
    const top = Math.max(...before.bulkPrices.map((tier: { price: number }) => tier.price));
    const raised = await req(a.admin.token, 'PUT', '/api/product/updateinstaller', {
      productId: platformPanel,
      price: before.price + 5,
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data.installerProduct).toMatchObject({
      price: before.price + 5,
      bulkPrices: before.bulkPrices,
    });
    // Below the dearest tier: refused at the price, in the caller's language, and nothing changes.
    const below = await t.app.inject({
      method: 'PUT',
      url: '/api/product/updateinstaller',
      headers: { ...t.auth(a.admin.token), 'accept-language': 'en' },
      payload: { productId: platformPanel, price: top - 1 },
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors.price).toBe(
      'The unit price is below a bulk price: change the bulk prices too',
    );
    expect(await tiersOf()).toMatchObject({ price: before.price + 5, bulkPrices: before.bulkPrices });
    await req(a.admin.token, 'PUT', '/api/product/updateinstaller', {
      productId: platformPanel,
      price: before.price,
    });
  });

  it('refuses duplicate bulk tiers and another company’s catalogue', async () => {
    const dup = await req(a.admin.token, 'PUT', '/api/product/add-bulk-price', {
      productId: platformPanel,
      bulkPrices: [
        { minQuantity: 5, price: 1 },
        { minQuantity: 5, price: 2 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({
      'bulkPrices.1.minQuantity': 'Each quantity tier may appear only once',
    });
    expect((await req(b.sales.token, 'GET', `/api/product?installerId=${a.company.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (
        await req(a.installer.token, 'PUT', '/api/product/updateinstaller', {
          productId: platformPanel,
          price: 1,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a bulk tier from 1 piece or above the unit price, field by field (QA: 9 pcs cost 450 €)', async () => {
    const battery = await req(admin.token, 'POST', '/api/product/', {
      type: 'battery',
      name: `Speicher Staffel ${Math.random()}`,
      details: { capacityKwh: 5 },
    });
    const productId = battery.json().data._id as string;
    const bad = await req(a.admin.token, 'POST', '/api/product/productinstaller', {
      productId,
      price: 10,
      bulkPrices: [
        { minQuantity: 10, price: 8 },
        { minQuantity: 1, price: 50 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'bulkPrices.1.minQuantity': 'A bulk price starts at 2 pieces or more: 1 piece costs the unit price',
      'bulkPrices.1.price': 'A bulk price may not be above the unit price',
    });
    // Nothing was stored: the product is not in the catalogue.
    expect(
      (
        await req(a.sales.token, 'POST', '/api/product/calculate', {
          components: [{ productId, quantity: 9 }],
        })
      ).statusCode,
    ).toBe(404);

    // A larger quantity may not cost more than a smaller one; in German too.
    const dearer = await t.app.inject({
      method: 'POST',
      url: '/api/product/productinstaller',
      headers: { ...t.auth(a.admin.token), 'accept-language': 'de' },
      payload: {
        productId,
        price: 10,
        bulkPrices: [
          { minQuantity: 20, price: 9 },
          { minQuantity: 10, price: 8 },
        ],
      },
    });
    expect(dearer.json().errors).toEqual({
      'bulkPrices.0.price': 'Ein Staffelpreis darf nicht über dem Preis einer kleineren Menge liegen',
    });

    // The same rules for the product form (own products) and for tiers alone against the stored price.
    const own = await req(a.sales.token, 'POST', '/api/product/?isDuplicate=true', {
      type: 'battery',
      name: 'Eigener Speicher',
      price: 10,
      bulkPrices: [{ minQuantity: 1, price: 50 }],
    });
    expect(Object.keys(own.json().errors).sort()).toEqual(['bulkPrices.0.minQuantity', 'bulkPrices.0.price']);

    const ok = await req(a.admin.token, 'POST', '/api/product/productinstaller', {
      productId,
      price: 10,
      bulkPrices: [
        { minQuantity: 10, price: 8 },
        { minQuantity: 20, price: 8 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const tiersAlone = await req(a.admin.token, 'PUT', '/api/product/add-bulk-price', {
      productId,
      bulkPrices: [{ minQuantity: 5, price: 11 }],
    });
    expect(tiersAlone.statusCode).toBe(400);
    expect(tiersAlone.json().errors).toEqual({
      'bulkPrices.0.price': 'A bulk price may not be above the unit price',
    });
    const calc = await req(a.sales.token, 'POST', '/api/product/calculate', {
      components: [{ productId, quantity: 9 }],
    });
    expect(calc.json().data.lines[0]).toMatchObject({ unitPrice: 10, total: 90 });

    // A lower unit price that keeps the stored tiers would leave them above it.
    const mine = await req(a.sales.token, 'POST', '/api/product/?isDuplicate=true', {
      type: 'battery',
      name: 'Eigener Speicher 2',
      price: 10,
      bulkPrices: [{ minQuantity: 5, price: 9 }],
    });
    const mineId = mine.json().data._id as string;
    const cheaper = await req(a.sales.token, 'PUT', `/api/product//update/${mineId}?isDuplicate=true`, {
      type: 'battery',
      name: 'Eigener Speicher 2',
      price: 8,
    });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().errors).toEqual({
      price: 'The unit price is below a bulk price: change the bulk prices too',
    });
  });

  it('duplicates a product, adapts it, and keeps it from other companies', async () => {
    const dup = await req(a.sales.token, 'POST', '/api/product/?isDuplicate=true', {
      type: 'solarPanel',
      name: 'Unser Modul 430',
      manufacturer: 'SunMaker',
      details: { powerW: 430 },
      sourceProductId: platformPanel,
      price: 160,
    });
    expect(dup.statusCode).toBe(200);
    const id = dup.json().data._id;
    expect(dup.json().data).toMatchObject({
      isDuplicate: true,
      installerId: a.company.id,
      sourceProductId: platformPanel,
    });
    const upd = await req(a.sales.token, 'PUT', `/api/product//update/${id}?isDuplicate=true`, {
      type: 'solarPanel',
      name: 'Unser Modul 435',
      details: { powerW: 435 },
      price: 165,
    });
    expect(upd.json().data).toMatchObject({ name: 'Unser Modul 435', installerProduct: { price: 165 } });
    const get = await req(a.installer.token, 'GET', `/api/product/${a.company.id}/${id}?fromDuplicate=true`);
    expect(get.statusCode).toBe(200);
    // Company B: not visible, not changeable, not deletable.
    expect((await req(b.admin.token, 'GET', `/api/product/${b.company.id}/${id}`)).statusCode).toBe(404);
    expect(
      (
        await req(b.admin.token, 'PUT', `/api/product//update/${id}?isDuplicate=true`, {
          type: 'solarPanel',
          name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    const foreign = await req(b.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', {
      deletedProducts: [id],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await req(a.installer.token, 'GET', `/api/product/${a.company.id}/${id}`)).statusCode).toBe(200);
    const search = await req(a.installer.token, 'PUT', '/api/product/v2?query=unser%20modul');
    expect(search.json().data.docs.map((p: { _id: string }) => p._id)).toEqual([id]);
    const del = await req(a.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', {
      deletedProducts: [id],
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.message).toBe('1 product deleted');
    expect((await req(a.installer.token, 'GET', `/api/product/${a.company.id}/${id}`)).statusCode).toBe(404);
  });

  it('deletes all of the listed products or none, and says how many', async () => {
    const own = async (name: string, token: string) =>
      (
        await req(token, 'POST', '/api/product/?isDuplicate=true', {
          type: 'wallbox',
          name,
          price: 900,
        })
      ).json().data._id as string;
    const mine1 = await own('Wallbox A1', a.admin.token);
    const mine2 = await own('Wallbox A2', a.admin.token);
    const theirs = await own('Wallbox B1', b.admin.token);
    const stillThere = async (token: string, company: string, id: string) =>
      (await req(token, 'GET', `/api/product/${company}/${id}`)).statusCode === 200;

    // Another company's product, alone or among one's own: refused, and nothing at all is deleted.
    for (const deletedProducts of [[theirs], [mine1, theirs], [mine1, crypto.randomUUID()]]) {
      const res = await req(a.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', {
        deletedProducts,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
    expect(await stillThere(b.admin.token, b.company.id, theirs)).toBe(true);
    expect(await stillThere(a.admin.token, a.company.id, mine1)).toBe(true);
    // A platform product is not a company's to delete either (403 without isDuplicate, 404 with it).
    expect(
      (
        await req(a.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', {
          deletedProducts: [platformPanel],
        })
      ).statusCode,
    ).toBe(404);

    const both = await t.app.inject({
      method: 'PUT',
      url: '/api/product/delete?isDuplicate=true',
      headers: { ...t.auth(a.admin.token), 'accept-language': 'de' },
      payload: { deletedProducts: [mine1, mine2, mine2] },
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().data.message).toBe('2 Produkte gelöscht');
    expect(await stillThere(a.admin.token, a.company.id, mine1)).toBe(false);
    expect(await stillThere(a.admin.token, a.company.id, mine2)).toBe(false);
    // Asking again (a second click, a colleague was quicker) is no error: they are deleted.
    expect(
      (await req(a.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', { deletedProducts: [mine1] }))
        .statusCode,
    ).toBe(200);
  });

  it('removes a product from the catalogue', async () => {
    const battery = await req(admin.token, 'POST', '/api/product/', {
      type: 'battery',
      name: 'Speicher 7',
      details: { capacityKwh: 7 },
    });
    const id = battery.json().data._id;
    await req(a.admin.token, 'POST', '/api/product/productinstaller', { productId: id, price: 4000 });
    expect(
      (await req(b.admin.token, 'POST', '/api/product/removeinstaller', { productId: id })).statusCode,
    ).toBe(404);
    expect(
      (await req(a.admin.token, 'POST', '/api/product/removeinstaller', { productId: id })).statusCode,
    ).toBe(200);
    // The audit log keeps who removed it and what the catalogue held.
    const audit = await t.database.query<{ user_id: string; before: unknown; after: unknown }>(
      `SELECT user_id, before, after FROM audit_log WHERE entity_id = $1 AND action = 'product.removed_from_catalogue'`,
      [id],
    );
    expect(audit).toEqual([
      { user_id: a.admin.user.id, before: { price: 4000, bulkPrices: [] }, after: null },
    ]);
    expect(
      (await req(a.admin.token, 'PUT', '/api/product/updateinstaller', { productId: id, price: 1 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('prices in euros and cents', () => {
  it('refuses a third decimal field by field (QA: 1234.567 stored, shown as 1.234,57 €)', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/product/?isDuplicate=true',
      headers: { ...t.auth(a.sales.token), 'accept-language': 'de' },
      payload: { type: 'battery', name: 'Speicher Cent', price: 1234.567 },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual({
      price: 'Bitte geben Sie den Preis in Euro und Cent an, mit höchstens zwei Nachkommastellen',
    });
    const tiers = await req(a.admin.token, 'POST', '/api/product/productinstaller', {
      productId: platformPanel,
      price: 150.5,
      bulkPrices: [{ minQuantity: 10, price: 140.125 }],
    });
    expect(tiers.statusCode).toBe(400);
    expect(Object.keys(tiers.json().errors)).toEqual(['bulkPrices.0.price']);
    // Cents are fine, also where binary floating point is inexact (0.29 * 100 = 28.999…).
    const ok = await req(a.sales.token, 'POST', '/api/product/?isDuplicate=true', {
      type: 'battery',
      name: 'Speicher Cent ok',
      price: 1234.29,
      bulkPrices: [{ minQuantity: 2, price: 1234.01 }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.installerProduct.price).toBe(1234.29);
  });
});

describe('a product deleted meanwhile', () => {
  it('refuses new bulk prices with 404 and leaves its tiers alone (QA: 418, tiers written anyway)', async () => {
    const created = await req(a.sales.token, 'POST', '/api/product/?isDuplicate=true', {
      type: 'battery',
      name: 'Speicher gelöscht',
      price: 100,
    });
    const id = created.json().data._id as string;
    const del = await req(a.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', {
      deletedProducts: [id],
    });
    expect(del.statusCode).toBe(200);
    // The price modal still open in another tab saves its tiers.
    const res = await req(a.sales.token, 'PUT', '/api/product/add-bulk-price', {
      productId: id,
      bulkPrices: [{ minQuantity: 5, price: 90 }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
    // Read past row-level security (t.database.db sees no company's log).
    const [audit] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action = 'product.bulk_prices'`,
      [id],
    );
    expect(audit?.n).toBe(0);
  });
});

describe('the demo catalogue', () => {
  it('seeds only bulk tiers the rules accept, at both companies’ prices', () => {
    const productId = crypto.randomUUID();
    for (const p of DEMO_PRODUCTS) {
      for (const markup of [1, 1.08]) {
        const price = Math.round(p.price * markup);
        const body = { productId, price, bulkPrices: demoBulkPrices(price) };
        expect(InstallerProductRequest.safeParse(body).error?.issues ?? [], p.name).toEqual([]);
      }
    }
  });
});

describe('pricing strategy and calculator', () => {
  it('proposes a price from catalogue components with the company strategy and 1% tax and warranty', async () => {
    const inverter = await req(admin.token, 'POST', '/api/product/', {
      type: 'inverter',
      name: 'WR 10',
      details: {},
    });
    await req(a.admin.token, 'POST', '/api/product/productinstaller', {
      productId: inverter.json().data._id,
      price: 1800,
    });
    expect(
      (await req(a.sales.token, 'PUT', '/api/product/pricing', { strategy: 'fixPerPanel', value: 50 }))
        .statusCode,
    ).toBe(403);
    const set = await req(a.admin.token, 'PUT', '/api/product/pricing', {
      strategy: 'fixPerPanel',
      value: 50,
    });
    expect(set.statusCode).toBe(200);
    const res = await req(a.sales.token, 'POST', '/api/product/calculate', {
      components: [
        { productId: platformPanel, quantity: 24 },
        { productId: inverter.json().data._id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    // 24 × 130 (tier 20+) + 1,800 = 4,920; fee 24 × 50 = 1,200; 1% of 6,120 = 61.20.
    expect(res.json().data).toMatchObject({
      componentsTotal: 4920,
      projectFee: 1200,
      taxAndWarranty: 61.2,
      total: 6181.2,
    });
    const foreign = await req(b.sales.token, 'POST', '/api/product/calculate', {
      components: [{ productId: platformPanel, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
  });
});
