import type { Role } from '@solar/shared';
import type { FastifyRequest } from 'fastify';
import { type Principal, sessionPrincipalOf } from '../../lib/auth-hook';
import { AppError } from '../../lib/errors';

/** The logged-in user calling a customer-view route: their role and company (null for platform users). */
export type CustomerViewCaller = Pick<Principal, 'role' | 'companyId'>;

/**
 * Platform users (ADMIN) and city administrators (CITY_ADMIN) work for the portal or a municipality,
 * never as a household that asked for a quote: whatever project they open, they see a preview.
 */
const NEVER_THE_CUSTOMER: readonly Role[] = ['ADMIN', 'CITY_ADMIN'];

/**
 * The logged-in user calling a customer-view route, or null for anyone else. These routes are public
 * (the customer has no login), but the web app sends its session's token on every call: a token of a
 * current session names the caller, judged by the auth hook's own rules and kept lookups (signature,
 * expiry, session version, its login not logged out, account not disabled; docs/auth.md).
 * A missing, forged, expired or ended one is simply no caller: the customer's page never fails
 * because of a stale login in their browser.
 */
export function callerOf(req: FastifyRequest): Promise<CustomerViewCaller | null> {
  return sessionPrincipalOf(req);
}

/**
 * True when the caller is never this project's customer (docs/offers.md, "The installer's preview of
 * the customer view"): a user of the company that owns the project, a platform ADMIN or a CITY_ADMIN.
 * A user of another installer company, or nobody, is treated as the customer: a customer may open
 * the link in a browser where some other installer is logged in.
 */
export function isPreview(caller: CustomerViewCaller | null, projectCompanyId: string): boolean {
  if (!caller) return false;
  if (NEVER_THE_CUSTOMER.includes(caller.role)) return true;
  return caller.companyId !== null && caller.companyId === projectCompanyId;
}

/** Accepting and declining are the customer's own: the callers who see a preview are refused. */
export function refusePreview(caller: CustomerViewCaller | null, projectCompanyId: string): void {
  if (isPreview(caller, projectCompanyId)) throw new AppError(403, 'customer_view_preview');
}
