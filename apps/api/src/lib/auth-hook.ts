import { isInstallerRole, type Language, type Role } from '@solar/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { NO_TENANT, PLATFORM, type TenantScope } from '../db/tenant';
import { LiveCache } from './change-feed';
import type { AppContext } from './context';
import { forbidden, sessionEnded, unauthenticated } from './errors';
import { languageFromHeader } from './messages';
import type { AccessClaims } from './tokens';

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
  interface FastifyInstance {
    /** The auth hook's session lookup for a request's token, for {@link sessionPrincipalOf}. */
    sessionPrincipal(token: string): Promise<Principal | null>;
  }
  interface FastifyRequest {
    lang: Language;
    principal: Principal | null;
    /**
     * The app's services and a database handle working for the caller's tenant (row-level security,
     * db/tenant.ts): set by the auth hook; until then, and for callers it does not admit, the
     * process's own, which sees no company's rows.
     */
    ctx: AppContext;
  }
}

/** The logged-in caller; routes with an access rule other than 'public' always have one. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthenticated();
  return req.principal;
}

/**
 * The caller the request's session token names, by the auth hook's own rules and kept lookups, or
 * null for no token, a forged or expired one, or an ended session (a disabled user, an older session
 * version, a logged-out login). For public routes that treat a logged-in caller differently (the
 * customer view's preview): they never fail because of a stale login.
 */
export function sessionPrincipalOf(req: FastifyRequest): Promise<Principal | null> {
  const token = tokenFrom(req.headers.authorization);
  return token ? req.server.sessionPrincipal(token) : Promise.resolve(null);
}

/** The caller's company, for what belongs to a company's people; no company, no access (403). */
export function companyOf(me: Principal): string {
  if (!me.companyId) throw forbidden();
  return me.companyId;
}

interface SessionUser {
  id: string;
  role: string;
  companyId: string | null;
  city: string | null;
  isDisabled: boolean;
  sessionVersion: number;
}

export function tokenFrom(header: string | undefined): string | null {
  if (!header) return null;
  // "JWT <token>" or "Bearer <token>", the scheme in any case; nothing after the token.
  const space = header.indexOf(' ');
  if (space !== 3 && space !== 6) return null;
  const scheme = header.slice(0, space).toLowerCase();
  if (scheme !== 'jwt' && scheme !== 'bearer') return null;
  const token = header.slice(space + 1);
  return token && !token.includes(' ') ? token : null;
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
  // The app's context as each tenant's requests see it: one per database handle, which the
  // database already keeps per tenant (db/client.ts), so it lives as long as its handle.
  const contexts = new WeakMap<Database, AppContext>();
  const contextFor = (tenant: TenantScope): AppContext => {
    const database = app.ctx.database.as(tenant);
    let ctx = contexts.get(database);
    if (!ctx) {
      ctx = { ...app.ctx, database };
      contexts.set(database, ctx);
    }
    return ctx;
  };
  // What a session needs of its user, kept in memory while the change feed is live: a logout, a
  // password change, a disabled account or a new role is announced by the database and drops the
  // entry in every process at once (lib/change-feed.ts); the kept value is at most a minute old.
  const sessions = new LiveCache<SessionUser | null>(app.ctx.database.changes, 'session', 50_000, 60_000);
  // Whether a login's refresh-token family is still going, kept the same way: a logout or a detected
  // reuse revokes the family and the database announces it (migration 0031), so an access token of
  // that login is refused from then on, not only when it expires.
  const families = new LiveCache<boolean>(app.ctx.database.changes, 'family', 100_000, 60_000);
  app.decorateRequest('lang', 'de');
  app.decorateRequest('principal', null);
  app.decorateRequest('ctx', null as unknown as AppContext);

  /** The user of a session, read from the database (a session not kept in memory). */
  const loadUser = (userId: string) =>
    sessions.get(userId, async () => {
      const [row] = await app.ctx.database
        .as(tenantHints.get(userId) ?? NO_TENANT)
        .db.select({
          id: users.id,
          role: users.role,
          companyId: users.companyId,
          city: users.city,
          isDisabled: users.isDisabled,
          sessionVersion: users.sessionVersion,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    });

  /** Whether the login `familyId` of the user has not ended, read from the database (not kept in memory). */
  const loadFamily = (familyId: string, userId: string) =>
    families.get(familyId, async () => {
      const [row] = await app.ctx.database
        .as(tenantHints.get(userId) ?? NO_TENANT)
        .db.select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, familyId),
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    });

  // The principal and context of each session user kept in memory, made at its first request: the
  // kept user is one object until its session changes (then a new one is loaded), so a request of a
  // known session makes neither anew. The principal is frozen: it is shared by the user's requests.
  const callers = new WeakMap<SessionUser, { principal: Principal; ctx: AppContext }>();
  const callerOf = (user: SessionUser) => {
    let caller = callers.get(user);
    if (!caller) {
      const principal: Principal = Object.freeze({
        id: user.id,
        role: user.role as Role,
        companyId: user.companyId,
        city: user.city,
      });
      // Installers see their company's rows only, down to the database; platform roles see all.
      const tenant: TenantScope = !isInstallerRole(principal.role)
        ? { scope: 'platform' }
        : principal.companyId
          ? { scope: 'company', companyId: principal.companyId }
          : { scope: 'none' };
      caller = { principal, ctx: contextFor(tenant) };
      callers.set(user, caller);
      if (tenantHints.size >= 50_000) tenantHints.clear();
      tenantHints.set(user.id, tenant);
    }
    return caller;
  };

  /**
   * The rule of a current session, the one place it is written: the user exists and is not disabled,
   * the token's session version is the user's, and its login has not ended. Null when it has ended.
   */
  const currentCaller = (claims: Readonly<AccessClaims>, user: SessionUser | null, familyLive: boolean) =>
    !user || user.isDisabled || user.sessionVersion !== claims.sv || !familyLive ? null : callerOf(user);

  /** The caller of a token not known yet, or of a session not kept: the signature is checked and the user read. */
  const lookUpCaller = async (token: string) => {
    const claims = await app.ctx.tokens.verify(token);
    if (!claims) return null;
    const [user, familyLive] = await Promise.all([loadUser(claims.sub), loadFamily(claims.sid, claims.sub)]);
    return currentCaller(claims, user, familyLive);
  };
  app.decorate('sessionPrincipal', async (token: string) => (await lookUpCaller(token))?.principal ?? null);

  /** Lets the caller in, or throws: the session must be current and the route open to the role. */
  const admit = (
    req: FastifyRequest,
    caller: ReturnType<typeof currentCaller>,
    access: 'any' | readonly Role[] | undefined,
  ) => {
    if (!caller) throw sessionEnded();
    req.principal = caller.principal;
    req.ctx = caller.ctx;
    if (access === undefined) throw forbidden();
    if (access !== 'any' && !access.includes(req.principal.role)) throw forbidden();
  };

  /** A token or a session not known yet: the asynchronous path. */
  const admitSlowly = async (
    req: FastifyRequest,
    token: string,
    access: 'any' | readonly Role[] | undefined,
  ) => {
    admit(req, await lookUpCaller(token), access);
  };

  // A callback hook, not an async one: a known token of a kept session (nearly every request) is let
  // in without a promise; anything else takes the asynchronous path (decision 0013).
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = languageFromHeader(req.headers['accept-language']);
    req.ctx = app.ctx;
    // No route matched (the not-found handler answers), or the web app's static files: public.
    if (!req.routeOptions.url || !req.url.startsWith('/api/')) return done();
    const access = req.routeOptions.config.access;
    // Public routes work across companies by design (signed customer links, webhooks, login).
    if (access === 'public') {
      req.ctx = contextFor(PLATFORM);
      return done();
    }
    const token = tokenFrom(req.headers.authorization);
    if (!token) return done(unauthenticated());
    const now = Date.now();
    const claims = app.ctx.tokens.known(token, now);
    if (claims === null) return done(sessionEnded());
    const kept = claims && sessions.peek(claims.sub, now);
    const family = claims && families.peek(claims.sid, now);
    if (!claims || !kept || !family) {
      admitSlowly(req, token, access).then(() => done(), done);
      return;
    }
    try {
      admit(req, currentCaller(claims, kept.value, family.value), access);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}
