import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@solar/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { insertCompany, insertUser } from '../src/db/seed/builders';
import { buildQuote, type QuoteRow, quoteInsert, rng } from '../src/db/seed/quotes';
import { JobRunner } from '../src/lib/jobs';
import { createSmtpMailer } from '../src/lib/mailer';
import { hashPassword } from '../src/lib/passwords';
import { jobHandlers } from '../src/server';
import { snapshotPath } from './global-setup';
import { startTestSmtp } from './smtp';

export const TEST_PASSWORD = 'Test-Password-2026';
let passwordHash: Promise<string> | undefined;

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A full app on a migrated real database (PGlite from the snapshot, or the server named by
 * TEST_DATABASE_URL), with a real SMTP server receiving its mail and the job worker running.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: { write(line: string): void }; serveWeb?: boolean } = {},
) {
  const url = process.env.TEST_DATABASE_URL;
  const database: Database = url
    ? await openDatabase({ databaseUrl: url })
    : await openDatabase({ loadDataDir: new Blob([readFileSync(snapshotPath())]) });
  const smtp = await startTestSmtp();
  const config = loadConfig({
    DATA_DIR: join(tmpdir(), 'solar-test-data'),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://portal.test',
    LOGIN_MAX_FAILURES_ADDRESS: '100000',
    // Every injected request comes from one address; the limit's own tests set a small one.
    QUOTE_REQUESTS_PER_HOUR: '100000',
    PARTNER_LOOKUPS_PER_HOUR: '100000',
    JOB_QUEUE: `test-${randomUUID()}`,
    ...env,
  });
  const mailer = createSmtpMailer(smtp.url, config.MAIL_FROM);
  const app: FastifyInstance = await buildApp({
    config,
    database,
    mailer,
    serveWeb: opts.serveWeb ?? false,
    logStream: opts.logStream,
  });
  const runner = new JobRunner(database, jobHandlers(app.ctx), app.log, 100, config.JOB_QUEUE);
  runner.start();

  /** A new company with a unique slug, so tests never share data. */
  async function createCompany(overrides: Partial<Parameters<typeof insertCompany>[1]> = {}) {
    const tag = randomUUID().slice(0, 8);
    return insertCompany(database.db, {
      name: `Test Solar ${tag}`,
      slug: `test-${tag}`,
      city: 'München',
      address: 'Teststraße 1',
      latitude: 48.137,
      longitude: 11.575,
      ...overrides,
    });
  }

  async function createUser(
    role: Role,
    companyId: string | null,
    overrides: { email?: string; city?: string } = {},
  ) {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    return insertUser(database.db, {
      email: overrides.email ?? `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`,
      role,
      companyId,
      city: overrides.city ?? null,
      firstName: role.slice(0, 1) + role.slice(1).toLowerCase(),
      lastName: 'Tester',
      passwordHash: await passwordHash,
    });
  }

  async function login(email: string, password = TEST_PASSWORD) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/installer/login',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return { token: body.data.token as string, refreshToken: body.data.refresh_token as string, body };
  }

  /** A company with one user of each installer role, logged in. */
  async function createInstallerCompany() {
    const company = await createCompany();
    const admin = await createUser('INSTALLER_ADMIN', company.id);
    const installer = await createUser('INSTALLER', company.id);
    const sales = await createUser('INSTALLER_SALES', company.id);
    return {
      company,
      admin: { user: admin, ...(await login(admin.email)) },
      installer: { user: installer, ...(await login(installer.email)) },
      sales: { user: sales, ...(await login(sales.email)) },
    };
  }

  let quoteSeq = Math.floor(Math.random() * 1e9);
  const quoteRng = rng(quoteSeq);
  /** Quotes built like demo quotes (a unique short id each), with overrides. */
  async function createQuotes(n: number, overrides: Partial<QuoteRow> = {}): Promise<string[]> {
    if (n === 0) return [];
    const rows = Array.from({ length: n }, () => ({ ...buildQuote(quoteRng, ++quoteSeq), ...overrides }));
    for (const row of rows) row.short_id = `T${quoteSeq}${Math.random().toString(36).slice(2, 8)}`;
    const { text, params } = quoteInsert(rows);
    return (await database.query<{ id: string }>(text, params)).map((r) => r.id);
  }

  /** A logged-in platform user (ADMIN or CITY_ADMIN). */
  async function createPlatformUser(role: 'ADMIN' | 'CITY_ADMIN', city = 'München') {
    const user = await createUser(role, null, { city });
    return { user, ...(await login(user.email)) };
  }

  return {
    app,
    database,
    config,
    smtp,
    /** The app's job runner (polls every 100 ms); a test that needs the pool to itself stops it. */
    jobs: runner,
    createCompany,
    createUser,
    createInstallerCompany,
    createPlatformUser,
    createQuotes,
    login,
    auth: (token: string) => ({ authorization: `JWT ${token}` }),
    async close() {
      await runner.stop();
      await app.close();
      await mailer.close();
      await smtp.close();
      await database.close();
    },
  };
}
