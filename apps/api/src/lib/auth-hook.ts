import { isInstallerRole, type Language, type Role } from '@solar/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../db/schema';
import { setTenant, type TenantScope } from '../db/tenant';
import { LiveCache } from './change-feed';
import { forbidden, sessionEnded, unauthenticated } from './errors';
import { languageFromHeader } from './messages';

/** The caller as every service sees it. */
export interface Principal {
  id: string;
  role: Role;
  companyId: string | null;
  city: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public' for anyone, or the roles allowed ('any' = every logged-in user). */
    access?: 'public' | 'any' | readonly Role[];
  }
  interface FastifyRequest {
    lang: Language;
    principal: Principal | null;
  }
}

/** The logged-in caller; routes with an access rule other than 'public' always have one. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthenticated();
  return req.principal;
}

interface SessionUser {
  id: string;
  role: string;
  companyId: string | null;
  city: string | null;
  isDisabled: boolean;
  sessionVersion: number;
}

function tokenFrom(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (!token || !scheme || !/^(jwt|bearer)$/i.test(scheme)) return null;
  return token;
}

/**
 * Fails closed: every route must declare `config.access`, a route without it refuses everyone.
 * A missing token answers 401; a forged, expired or revoked one 403 (the client then refreshes once).
 */
export function registerAuthHook(app: FastifyInstance) {
  // The tenant each user's last request ran as. The session lookup below runs under it, so on the
  // server pool the request keeps one tenant from its first statement and a connection that holds
  // it needs no new setting (db/client.ts). Only a hint: `users` is not a company table, and the
  // tenant is set from the looked-up row before any other statement.
  const tenantHints = new Map<string, TenantScope>();
  // What a session needs of its user, kept in memory while the change feed is live: a logout, a
  // password change, a disabled account or a new role is announced by the database and drops the
  // entry in every process at once (lib/change-feed.ts); the kept value is at most a minute old.
  const sessions = new LiveCache<SessionUser | null>(app.ctx.database.changes, 'session', 50_000, 60_000);
  app.decorateRequest('lang', 'de');
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (req) => {
    req.lang = languageFromHeader(req.headers['accept-language']);
    if (!req.routeOptions.url) return; // no route matched: the not-found handler answers
    if (!req.url.startsWith('/api/')) return; // the web app's static files are public
    const access = req.routeOptions.config.access;
    // Public routes work across companies by design (signed customer links, webhooks, login).
    if (access === 'public') {
      setTenant({ scope: 'platform' });
      return;
    }
    const token = tokenFrom(req.headers.authorization);
    if (!token) throw unauthenticated();
    const claims = await app.ctx.tokens.verify(token);
    if (!claims) throw sessionEnded();
    const user = await sessions.get(claims.sub, async () => {
      setTenant(tenantHints.get(claims.sub) ?? { scope: 'none' });
      const [row] = await app.ctx.database.db
        .select({
          id: users.id,
          role: users.role,
          companyId: users.companyId,
          city: users.city,
          isDisabled: users.isDisabled,
          sessionVersion: users.sessionVersion,
        })
        .from(users)
        .where(eq(users.id, claims.sub));
      return row ?? null;
    });
    if (!user || user.isDisabled || user.sessionVersion !== claims.sv) throw sessionEnded();
    req.principal = { id: user.id, role: user.role as Role, companyId: user.companyId, city: user.city };
    // Installers see their company's rows only, down to the database; platform roles see all.
    const tenant: TenantScope = !isInstallerRole(req.principal.role)
      ? { scope: 'platform' }
      : req.principal.companyId
        ? { scope: 'company', companyId: req.principal.companyId }
        : { scope: 'none' };
    setTenant(tenant);
    if (tenantHints.size >= 50_000) tenantHints.clear();
    tenantHints.set(user.id, tenant);
    if (access === undefined) throw forbidden();
    if (access !== 'any' && !access.includes(req.principal.role)) throw forbidden();
  });
}
