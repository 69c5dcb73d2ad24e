import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The tenant of the work in progress, for PostgreSQL row-level security (docs/security.md). Every
 * statement the API sends runs in a transaction that names it first:
 * - `company`: an installer's request; company-owned tables show and take only that company's rows;
 * - `platform`: ADMIN and CITY_ADMIN requests, public routes (signed customer links, payment
 *   webhooks, login), the job worker, the seeder and maintenance scripts, which work across companies
 *   by design and are checked by the application's own rules;
 * - `none`: anything else. A company table then shows no rows and refuses writes: it fails closed.
 */
export type TenantScope = { scope: 'none' } | { scope: 'platform' } | { scope: 'company'; companyId: string };

const storage = new AsyncLocalStorage<{ tenant: TenantScope }>();

/** The scope of the current async context (`none` outside any). */
export function currentTenant(): TenantScope {
  return storage.getStore()?.tenant ?? { scope: 'none' };
}

/** Runs `fn` with a mutable tenant slot (a request: the auth hook fills it once it knows the caller). */
export function runWithTenantSlot<R>(fn: () => R): R {
  return storage.run({ tenant: { scope: 'none' } }, fn);
}

/** Sets the tenant of the current slot (inside {@link runWithTenantSlot}). */
export function setTenant(tenant: TenantScope): void {
  const store = storage.getStore();
  if (store) store.tenant = tenant;
}

/** Runs `fn` across companies (jobs, seeding, maintenance). */
export function asPlatform<R>(fn: () => R): R {
  return storage.run({ tenant: { scope: 'platform' } }, fn);
}

/** Runs `fn` as one company (tests and jobs that act for a company). */
export function asCompany<R>(companyId: string, fn: () => R): R {
  return storage.run({ tenant: { scope: 'company', companyId } }, fn);
}

/** The statement that names the tenant for the rest of the transaction (`SET LOCAL` through set_config). */
export const SET_TENANT_SQL =
  "SELECT set_config('app.scope', $1, true), set_config('app.company_id', $2, true)";

/** The same for the rest of a pooled connection's checkout (the server pool sets it at every checkout). */
export const SET_TENANT_SESSION_SQL =
  "SELECT set_config('app.scope', $1, false), set_config('app.company_id', $2, false)";

export function tenantParams(tenant: TenantScope = currentTenant()): [string, string] {
  return [tenant.scope, tenant.scope === 'company' ? tenant.companyId : ''];
}
