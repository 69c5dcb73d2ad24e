import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config';
import type { Database } from './db/client';
import { localCheckoutSessions, localPrices } from './db/schema';
import { PLATFORM } from './db/tenant';
import { registerAuthHook } from './lib/auth-hook';
import type { AppContext } from './lib/context';
import { registerDrain } from './lib/drain';
import { registerErrorHandler } from './lib/error-handler';
import { AppError } from './lib/errors';
import type { Mailer } from './lib/mailer';
import {
  createLocalProvider,
  createStripeProvider,
  createUnconfiguredProvider,
  type PaymentProvider,
} from './lib/payments';
import { requestLoggerFactory } from './lib/request-logger';
import { createSerializerCompiler } from './lib/response-serializer';
import { createLocalStorage } from './lib/storage';
import { AccessTokens } from './lib/tokens';
import { validatorKeepingEmptyQuery } from './lib/validator';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { boardRoutes } from './modules/board/board.routes';
import { boardViewRoutes } from './modules/board/board-views.routes';
import { customerViewRoutes } from './modules/customer-view/customer-view.routes';
import { downloadRoutes } from './modules/downloads/downloads.routes';
import { eventRoutes, registerLiveStreams } from './modules/events/events.routes';
import { installerRoutes } from './modules/installer/installer.routes';
import { MAX_UPLOAD_BYTES, mediaRoutes } from './modules/media/media.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { offerRoutes } from './modules/offers/offers.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { presenceRoutes } from './modules/presence/presence.routes';
import { productRoutes } from './modules/products/products.routes';
import { projectRoutes } from './modules/projects/projects.routes';
import { publicRoutes } from './modules/public/public.routes';
import { quoteRoutes } from './modules/quotes/quotes.routes';
import { templateRoutes } from './modules/templates/templates.routes';
import { userRoutes } from './modules/users/users.routes';

/** One registered route with its declared access, for the guardrail tests. */
export interface RouteEntry {
  method: string;
  url: string;
  access: 'public' | 'any' | readonly string[] | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface BuildOptions {
  /** Where the logs go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

/**
 * Stripe when a key is set, else the local test provider keeping its prices in our database (like
 * Stripe, it keeps its records for every company: it writes them as the platform), unless test
 * payments are off (PAYMENTS_TEST_MODE; off in production by default): then nothing can be bought.
 */
function createPaymentProvider({ config, database: given }: BuildOptions): PaymentProvider {
  if (config.STRIPE_SECRET_KEY)
    return createStripeProvider(
      config.STRIPE_SECRET_KEY,
      config.STRIPE_WEBHOOK_SECRET,
      config.STRIPE_API_URL,
    );
  if (!config.PAYMENTS_TEST_MODE) {
    return createUnconfiguredProvider(() => new AppError(503, 'payments_not_configured'));
  }
  const database = given.as(PLATFORM);
  return createLocalProvider({
    publicUrl: config.PUBLIC_URL,
    savePrice: async (p) => {
      await database.db.insert(localPrices).values(p);
    },
    findPrice: async (id) => {
      const [price] = await database.db.select().from(localPrices).where(eq(localPrices.id, id));
      return price ?? null;
    },
    saveSession: async (s) => {
      await database.db.insert(localCheckoutSessions).values({
        id: s.id,
        companyId: s.companyId,
        priceId: s.priceId,
        successUrl: s.successUrl,
        cancelUrl: s.cancelUrl,
      });
    },
  });
}

/**
 * The API's answers are JSON and files, never a page: they get the headers OWASP's REST Security
 * Cheat Sheet asks of an API (nothing may be framed, sniffed, cached or run from them), not Helmet's
 * set for HTML pages, which the web app keeps. A third of the bytes of a small answer were headers
 * that only matter to a page (decision 0011).
 */
const API_SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/** Secrets that travel in the query string (refresh and reset tokens, signed links) never reach the logs. */
const SECRET_PARAMS = /([?&](?:refresh_token|token|signature|sig|key)=)[^&]*/gi;

const SECRET_PATHS = /(\/reset-password\/)[^/?]+/gi;

function serializeRequest(req: { method: string; url: string; id: string; ip?: string }) {
  const url = req.url.replace(SECRET_PARAMS, '$1[redacted]').replace(SECRET_PATHS, '$1[redacted]');
  return { id: req.id, method: req.method, url, remoteAddress: req.ip };
}

/**
 * Request ids (in the logs, and in an error's answer for support): this process's random prefix and
 * a counter. A UUID a request cost 1-2 % of a small answer's work; 48 random bits keep the processes
 * of one deployment apart.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}

/**
 * For a request path that names a file (its last part has an extension): the file's path within
 * the build when it is there now, else false; null for a route of the app. Paths that leave the
 * build's folder are not there.
 */
function builtFile(dist: string, url: string): string | false | null {
  const path = url.split('?')[0] ?? '';
  if (!/\/[^/]+\.[A-Za-z0-9]+$/.test(path)) return null;
  let relative: string;
  try {
    relative = normalize(decodeURIComponent(path)).replace(/^[\\/]+/, '');
  } catch {
    return false;
  }
  if (relative.startsWith('..') || isAbsolute(relative)) return false;
  return existsSync(join(dist, relative)) ? relative : false;
}

/** A file Vite named by its content's hash (`assets/<name>-<hash>.<ext>`). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}(\.[a-z0-9]+)+$/;

/** Builds the Fastify instance: the API under /api and, when built, the web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: opts.config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.query.refresh_token'],
      serializers: { req: serializeRequest },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client (X-Forwarded-For); `true` let any client do so.
    trustProxy: opts.config.TRUST_PROXY,
    genReqId: requestIds(),
    // A request's child logger is made only if the request writes a line (decision 0015).
    childLoggerFactory: requestLoggerFactory,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorKeepingEmptyQuery);
  // Answers are written by serializers compiled from their schemas; outside production every answer
  // is also checked by zod and compared (lib/response-serializer.ts, decision 0010).
  app.setSerializerCompiler(createSerializerCompiler({ check: opts.config.RESPONSE_CHECK }));

  const ctx: AppContext = {
    config: opts.config,
    database: opts.database,
    mailer: opts.mailer,
    storage: createLocalStorage(join(opts.config.DATA_DIR, 'files')),
    payments: createPaymentProvider(opts),
    tokens: new AccessTokens(opts.config.JWT_SECRET, opts.config.ACCESS_TOKEN_TTL_SECONDS),
  };
  app.decorate('ctx', ctx);
  registerDrain(app);
  registerLiveStreams(app);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    // No client sends a compressed body (the web app, the webhooks): without @fastify/compress's
    // preParsing hook every request runs one hook fewer, and such a body is refused as unreadable.
    r.decompress = false;
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: r.url, access: r.config?.access });
    }
  });

  // The security headers, built once: @fastify/helmet would build Helmet's middleware again for
  // every request (its configuration parsed each time), a measurable part of a small answer's cost.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The offer's PDF preview is a blob: URL in a frame (send-offer-modal); the meeting page https:.
        frameSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/api/')) {
      reply.headers(API_SECURITY_HEADERS);
      return done();
    }
    securityHeaders(req.raw, reply.raw, () => done());
  });
  // Answers over 2 KB travel compressed, at the fastest levels: each is compressed anew on the event
  // loop, where brotli's default quality 4 cost a board page 340 µs against 150 µs at quality 1, for
  // a 7 % smaller answer (decision 0016). Kept answers (the map) and the web app's files are
  // compressed once, at their best, and sent as they are.
  await app.register(compress, {
    global: true,
    threshold: 2048,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // Up to 64 KB (a board page, a search page) in one call: on two cores the plugin's default
    // (8 KB there) sent them through a compression stream each, which cost 0.7-1.0 ms of CPU a
    // board page against about 0.2 ms in one call, with no core spare for the stream to use.
    syncThreshold: 64 * 1024,
  });
  registerErrorHandler(app);
  registerAuthHook(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Solar Partner Portal API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(installerRoutes);
      await api.register(adminRoutes);
      await api.register(quoteRoutes);
      await api.register(projectRoutes);
      await api.register(productRoutes);
      await api.register(paymentRoutes);
      // The routes that take files, with the multipart parser: only there, since it adds two
      // asynchronous hooks and a listener to every request it sees (decision 0013).
      await api.register(async (uploads) => {
        await uploads.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
        await uploads.register(downloadRoutes);
        await uploads.register(mediaRoutes);
        await uploads.register(templateRoutes);
        await uploads.register(offerRoutes);
      });
      await api.register(customerViewRoutes);
      await api.register(auditRoutes);
      await api.register(publicRoutes);
      await api.register(boardRoutes);
      await api.register(boardViewRoutes);
      await api.register(notificationRoutes);
      await api.register(eventRoutes);
      await api.register(presenceRoutes);
      api.get('/health', { config: { access: 'public' } }, async () => ({ data: { ok: true } }));
      // The OpenAPI document, generated from the same zod schemas that validate the routes.
      api.get('/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
    },
    { prefix: '/api' },
  );

  if (opts.serveWeb !== false && existsSync(opts.config.WEB_DIST)) {
    await app.register(fastifyStatic, {
      root: opts.config.WEB_DIST,
      wildcard: false,
      // The build's brotli and gzip forms, sent as they are (apps/web/build/precompress.ts).
      preCompressed: true,
      // Vite names every asset by its content's hash: such a file never changes. Everything else
      // (index.html above all) is asked again each time, so a new release is seen at once.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Every other non-API path is a route of the single-page app. A file's path (its last part has
    // an extension) never gets the page: a file of the build written after the server started (a new
    // release copied in place) is sent from the disk, and a file that is not there is a 404. A
    // browser asking for a script must not get HTML, which it refuses and then waits on forever.
    const dist = opts.config.WEB_DIST;
    app.get('/*', { config: { access: 'public' } }, (req, reply) => {
      if (req.url.startsWith('/api/')) {
        return reply.callNotFound();
      }
      const file = builtFile(dist, req.url);
      if (file === null) return reply.sendFile('index.html');
      return file ? reply.sendFile(file) : reply.callNotFound();
    });
  }
  return app;
}
