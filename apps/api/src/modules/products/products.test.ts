import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

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

  it('refuses duplicate bulk tiers and another company’s catalogue', async () => {
    const dup = await req(a.admin.token, 'PUT', '/api/product/add-bulk-price', {
      productId: platformPanel,
      bulkPrices: [
        { minQuantity: 5, price: 1 },
        { minQuantity: 5, price: 2 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors.bulkPrices).toBe('Each quantity tier may appear only once');
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
    await req(b.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', { deletedProducts: [id] });
    expect((await req(a.installer.token, 'GET', `/api/product/${a.company.id}/${id}`)).statusCode).toBe(200);
    const search = await req(a.installer.token, 'PUT', '/api/product/v2?query=unser%20modul');
    expect(search.json().data.docs.map((p: { _id: string }) => p._id)).toEqual([id]);
    const del = await req(a.admin.token, 'PUT', '/api/product/delete?isDuplicate=true', {
      deletedProducts: [id],
    });
    expect(del.statusCode).toBe(200);
    expect((await req(a.installer.token, 'GET', `/api/product/${a.company.id}/${id}`)).statusCode).toBe(404);
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
    expect(
      (await req(a.admin.token, 'PUT', '/api/product/updateinstaller', { productId: id, price: 1 }))
        .statusCode,
    ).toBe(404);
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
