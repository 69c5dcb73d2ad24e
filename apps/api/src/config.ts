import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const Env = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the portal, used in e-mailed links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL server; when unset the embedded PGlite in DATA_DIR/db is used. */
  DATABASE_URL: z.string().optional(),
  /** Relative paths resolve from the repository root, wherever the process starts. */
  DATA_DIR: z.string().default('data'),
  /** Secret for access tokens; generated and stored in DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .default(15 * 60),
  /** Lifetime of one refresh token; SPEC §9 keeps a session 24 days. */
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().min(0.0001).default(24),
  /** Absolute lifetime of a refresh-token family, however often it rotates. */
  REFRESH_FAMILY_MAX_DAYS: z.coerce.number().min(0.0001).default(90),
  /** A real SMTP server; when unset a local catcher inside the app stores the messages. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Solar Partner Portal <no-reply@solar-portal.test>'),
  /** The customer application; unset means the portal's own quote-request page (`/request`). */
  CUSTOMER_APP_URL: z.url().optional(),
  /** The meeting-booking page; unset shows a request form that e-mails SUPPORT_EMAIL instead. */
  MEETING_URL: z.url().optional(),
  SUPPORT_EMAIL: z.email().default('support@solar-portal.test'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Failed logins per account within the window before 429. */
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Failed logins per client address within the window before 429. */
  LOGIN_MAX_FAILURES_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_WINDOW_MINUTES: z.coerce.number().min(0.01).default(15),
  /** Quote requests of the public form (POST /api/public/quote-request) per client address within an hour before 429. */
  QUOTE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /**
   * Look-ups of a partner link by the public quote-request page (GET /api/public/partner/:slug) per
   * client address within an hour before 429: a page load asks once, and the slugs cannot be tried
   * out quickly.
   */
  PARTNER_LOOKUPS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /**
   * Which peers' `X-Forwarded-For` names the client (the login throttle's address, a customer's
   * acceptance): Fastify's `trustProxy` as a list of addresses, CIDR ranges or `loopback`,
   * `linklocal`, `uniquelocal`; a number trusts that many hops. By default only a proxy on this host
   * or a private network; a client that connects directly cannot name another address.
   */
  TRUST_PROXY: z.string().trim().min(1).default('loopback,linklocal,uniquelocal'),
  /** Serve the built web app from this folder when it exists. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  /** Stripe secret key; unset uses the local test payment provider (see PAYMENTS_TEST_MODE). */
  STRIPE_SECRET_KEY: z.string().optional(),
  /**
   * Without a Stripe key, whether the local test provider may sell plans: its checkout takes no money,
   * so any company admin would get Premium for free. Unset: yes, except with NODE_ENV=production, where
   * buying a plan then answers 503 until Stripe is set up.
   */
  PAYMENTS_TEST_MODE: z.enum(['true', 'false']).optional(),
  /** Signing secret of the Stripe webhook endpoint (POST /api/payments/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe's API address, for a stripe-mock or a test server; unset is https://api.stripe.com. */
  STRIPE_API_URL: z.string().url().optional(),
  /** The job queue this process enqueues to and works on. */
  JOB_QUEUE: z.string().min(1).max(100).default('default'),
  /** A notification's e-mail waits this long, and is not sent if the user has read it in the portal by then. */
  NOTIFICATION_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** The hour (0–23, in DAILY_NOTIFICATION_TIME_ZONE) of the daily notifications: records due that day, yesterday's leads. */
  DAILY_NOTIFICATION_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  DAILY_NOTIFICATION_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone, such as Europe/Berlin')
    .default('Europe/Berlin'),
  /** Boards with fewer records get no indexes for their saved views (board.view-index.ts). */
  BOARD_INDEX_MIN_RECORDS: z.coerce.number().int().min(0).default(2000),
  /** The map sends at most this many points for the browser to cluster; an area holding more is clustered by the server. */
  MAP_POINT_LIMIT: z.coerce.number().int().min(1).max(200_000).default(50_000),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** The embedded database is vacuumed and analyzed this often when written to; 0 = never (db/maintenance.ts). */
  EMBEDDED_MAINTENANCE_MINUTES: z.coerce.number().min(0).default(60),
  /**
   * Check every answer against its schema with zod as well as the compiled serializer (and fail on
   * any difference). Unset: on, except with NODE_ENV=production (decision 0010).
   */
  RESPONSE_CHECK: z.enum(['true', 'false']).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; every setting has a safe default for the embedded mode. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = Env.parse(env);
  const dataDir = resolve(REPO_ROOT, parsed.DATA_DIR);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    PUBLIC_URL: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    CUSTOMER_APP_URL:
      parsed.CUSTOMER_APP_URL ?? `${parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`}/request`,
    /**
     * The customer application's 3D planning of a quote (`<app>/3d?shortId=&version=`, the listing's
     * '3D Planning'): only an external customer application has one; the built-in quote-request page
     * does not, and a link there led nowhere.
     */
    PLANNING_3D_URL: parsed.CUSTOMER_APP_URL ? `${parsed.CUSTOMER_APP_URL.replace(/\/$/, '')}/3d` : null,
    JWT_SECRET: parsed.JWT_SECRET ?? readOrCreateSecret(dataDir),
    TRUST_PROXY: trustProxyOf(parsed.TRUST_PROXY),
    RESPONSE_CHECK: parsed.RESPONSE_CHECK
      ? parsed.RESPONSE_CHECK === 'true'
      : parsed.NODE_ENV !== 'production',
    PAYMENTS_TEST_MODE: parsed.PAYMENTS_TEST_MODE
      ? parsed.PAYMENTS_TEST_MODE === 'true'
      : parsed.NODE_ENV !== 'production',
  };
}

function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TRUST_PROXY as Fastify takes it: a hop count, `true` (every peer: only behind a proxy that overwrites the header), or a list. */
function trustProxyOf(value: string): string | boolean | ((address: string, hop: number) => boolean) {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}
