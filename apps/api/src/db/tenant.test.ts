import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { companyTenant, NO_TENANT, PLATFORM } from './tenant';

/**
 * The tenant travels with the database handle (docs/decisions/0020): one handle per tenant, the
 * process's own for none, and no async hook switched on in the process for it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Node's count of enabled async hooks by kind (init, before, after, destroy, promiseResolve, total). */
function asyncHookCounts(): number[] {
  const binding = (
    process as unknown as { binding(name: string): { async_hook_fields: Uint32Array } }
  ).binding('async_wrap');
  return Array.from(binding.async_hook_fields.slice(0, 6));
}

describe('tenant handles', () => {
  it('keeps one handle per tenant, and the process’s own works for none', () => {
    expect(t.database.tenant).toEqual(NO_TENANT);
    const id = '00000000-0000-4000-8000-000000000001';
    const one = t.database.as(companyTenant(id));
    expect(one.tenant).toEqual(companyTenant(id));
    expect(t.database.as(companyTenant(id))).toBe(one);
    expect(one.as(PLATFORM)).toBe(t.database.as(PLATFORM));
    expect(one.db).not.toBe(t.database.db);
  });

  it('serves requests of every scope with no async hook switched on in the process', async () => {
    const c = await t.createInstallerCompany();
    const admin = await t.createPlatformUser('ADMIN');
    const answers = await Promise.all([
      t.app.inject({ url: '/api/quote/installer/total', headers: t.auth(c.installer.token) }),
      t.app.inject({ url: '/api/user', headers: t.auth(c.admin.token) }),
      t.app.inject({ url: '/api/user', headers: t.auth(admin.token) }),
      t.app.inject({ url: '/api/health' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // An AsyncLocalStorage that has run (the tenant slot before decision 0020) counts one here.
    expect(asyncHookCounts()).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
