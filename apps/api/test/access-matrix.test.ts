import { ROLES, type Role } from '@solar/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, STREAMING_ROUTES } from './access-matrix';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.createInstallerCompany();
  tokens.set('INSTALLER_ADMIN', company.admin.token);
  tokens.set('INSTALLER', company.installer.token);
  tokens.set('INSTALLER_SALES', company.sales.token);
  tokens.set('ADMIN', (await t.createPlatformUser('ADMIN')).token);
  tokens.set('CITY_ADMIN', (await t.createPlatformUser('CITY_ADMIN')).token);
});
afterAll(() => t.close());

const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const sample = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('the access matrix', () => {
  it('has exactly one entry per registered route', () => {
    const registered = apiRoutes().map(key).sort();
    expect(registered).toEqual(Object.keys(ACCESS_MATRIX).sort());
  });

  it('matches what each route declares', () => {
    for (const r of apiRoutes()) {
      const declared = r.access === 'any' ? ROLES : r.access;
      const expected = ACCESS_MATRIX[key(r)];
      expect(declared === 'public' ? 'public' : [...(declared ?? [])].sort(), key(r)).toEqual(
        expected === 'public' ? 'public' : [...(expected ?? [])].sort(),
      );
    }
  });

  it('refuses every role outside a route with 403, and lets the others past the role check', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes()) {
      const allowed = ACCESS_MATRIX[key(r)];
      if (allowed === 'public' || allowed === undefined) continue;
      for (const role of ROLES) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: sample(r.url),
          headers: { ...t.auth(tokens.get(role) as string), 'accept-language': 'en' },
          payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
          // The live events never end by themselves: their answer is read as a stream and let go.
          payloadAsStream: STREAMING_ROUTES.has(r.url),
        });
        if (STREAMING_ROUTES.has(r.url)) res.stream().destroy();
        const status = res.statusCode;
        if (!allowed.includes(role)) {
          if (status !== 403) failures.push(`${key(r)} as ${role}: ${status}, expected 403`);
        } else if (status === 401 || status >= 418) {
          // Allowed callers get past the role check: a bad sample input is a 4xx, never a crash.
          failures.push(`${key(r)} as ${role}: ${status} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
