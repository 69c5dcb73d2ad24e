/**
 * The tenant a database handle works for, for PostgreSQL row-level security (docs/security.md).
 * Every statement the API sends runs on a connection (or in a transaction) that names it first:
 * - `company`: an installer's request; company-owned tables show and take only that company's rows;
 * - `platform`: ADMIN and CITY_ADMIN requests, public routes (signed customer links, payment
 *   webhooks, login), the job worker, the seeder and maintenance scripts, which work across companies
 *   by design and are checked by the application's own rules;
 * - `none`: anything else. A company table then shows no rows and refuses writes: it fails closed.
 *
 * The tenant travels with the handle (`Database.as`, db/client.ts), not with the async context:
 * each request gets the handle of its caller's tenant (lib/auth-hook.ts), and the process's own
 * handle is `none`. An AsyncLocalStorage slot did this before, and its hooks on every promise and
 * tick cost a small request a fifth of its throughput on Node 20 (docs/decisions/0020).
 */
export type TenantScope = { scope: 'none' } | { scope: 'platform' } | { scope: 'company'; companyId: string };

export const NO_TENANT: TenantScope = Object.freeze({ scope: 'none' });
export const PLATFORM: TenantScope = Object.freeze({ scope: 'platform' });

export function companyTenant(companyId: string): TenantScope {
  return { scope: 'company', companyId };
}

/** A tenant's key, for the handles kept per tenant. */
export function tenantKey(tenant: TenantScope): string {
  return tenant.scope === 'company' ? `company:${tenant.companyId}` : tenant.scope;
}

/** The statement that names the tenant for the rest of the transaction (`SET LOCAL` through set_config). */
export const SET_TENANT_SQL =
  "SELECT set_config('app.scope', $1, true), set_config('app.company_id', $2, true)";

/** The same for the rest of a pooled connection's checkout (the server pool sets it at every checkout). */
export const SET_TENANT_SESSION_SQL =
  "SELECT set_config('app.scope', $1, false), set_config('app.company_id', $2, false)";

export function tenantParams(tenant: TenantScope): [string, string] {
  return [tenant.scope, tenant.scope === 'company' ? tenant.companyId : ''];
}
