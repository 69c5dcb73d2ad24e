import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { tokenFrom } from '../../lib/auth-hook';
import { AppError } from '../../lib/errors';

/**
 * The company of the logged-in user calling a customer-view route, or null for anyone else. These
 * routes are public (the customer has no login), but the web app sends its session's token on every
 * call: a valid token of a current session (signature, expiry, session version, account not disabled)
 * names the caller. A missing, forged, expired or ended one is simply no caller: the customer's page
 * never fails because of a stale login in their browser.
 */
export async function callerCompanyOf(req: FastifyRequest): Promise<string | null> {
  const token = tokenFrom(req.headers.authorization);
  if (!token) return null;
  const claims = await req.ctx.tokens.verify(token);
  if (!claims) return null;
  const [user] = await req.ctx.database.db
    .select({
      companyId: users.companyId,
      isDisabled: users.isDisabled,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, claims.sub));
  if (!user || user.isDisabled || user.sessionVersion !== claims.sv) return null;
  return user.companyId;
}

/**
 * True when the caller is a user of the company that owns the project: the installer looking at
 * their own customer's page (docs/offers.md, "Preview"). A user of another company, or nobody, is
 * treated as the customer.
 */
export function isPreview(callerCompanyId: string | null, projectCompanyId: string): boolean {
  return callerCompanyId !== null && callerCompanyId === projectCompanyId;
}

/** Accepting and declining are the customer's own: the owning company's users are refused. */
export function refusePreview(callerCompanyId: string | null, projectCompanyId: string): void {
  if (isPreview(callerCompanyId, projectCompanyId)) throw new AppError(403, 'customer_view_preview');
}
