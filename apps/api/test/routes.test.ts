import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestIds } from '../src/app';
import { createTestApp, type TestApp } from './app';
import { multipart } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The only routes a caller without a session may use. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/docs/openapi.json',
  'POST /api/public/quote-request',
  'GET /api/public/partner/:slug',
  'POST /api/payments/webhook',
  'GET /api/customer-view',
  'GET /api/customer-view/pdf',
  'POST /api/customer-view/accept',
  'POST /api/customer-view/decline',
  'GET /api/refresh',
  'POST /api/user/installer/login',
  'POST /api/user/logout',
  'POST /api/user/forgot-password',
  'GET /api/user/reset-password/:adminToken',
  'POST /api/user/reset-password/:adminToken',
];

const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
const sample = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('route guardrails', () => {
  it('every API route declares who may call it', () => {
    const undeclared = apiRoutes().filter((r) => r.access === undefined);
    expect(undeclared).toEqual([]);
  });

  it('public routes are exactly the allowlist', () => {
    const pub = apiRoutes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(pub).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('every other route answers 401 with the envelope without a session', async () => {
    for (const r of apiRoutes().filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: sample(r.url), payload: {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) });
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the routes from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toContain('/api/user/installer/login');
    expect(JSON.stringify(doc.paths['/api/user/installer/login'])).toContain('password');
  });

  it('refuses a compressed request body with 400 in the caller’s language, nothing read from it', async () => {
    // No client of ours compresses what it sends; the decompressing hook is off on every route.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/installer/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'accept-language': 'en' },
      payload: gzipSync(JSON.stringify({ email: 'installer@demo.solar', password: 'x' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'The request body is not valid JSON' });
  });

  it('sends large answers compressed when the client accepts it', async () => {
    const res = await t.app.inject({ url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('request ids', () => {
  it('are this process’s prefix and a counter, each new, another process’s apart', () => {
    const next = requestIds();
    const [a, b] = [next(), next()];
    expect(a).toMatch(/^[0-9a-f]{12}-1$/);
    expect(b).toBe(`${a.slice(0, 12)}-2`);
    expect(requestIds()().slice(0, 12)).not.toBe(a.slice(0, 12));
  });
});

describe('error envelope', () => {
  it('answers unknown routes with 404 in the caller’s language', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist', headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: 'Esta dirección no existe' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/installer/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'The request body is not valid JSON',
      requestId: expect.any(String),
    });
  });

  it('answers an oversize body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(413);
  });

  it('parses files only on the routes that take them: elsewhere a multipart body is a 415', async () => {
    const owner = await t.createUser('INSTALLER_ADMIN', (await t.createCompany()).id);
    const { token } = await t.login(owner.email);
    const upload = multipart({}, [
      { field: 'file', name: 'a.txt', type: 'text/plain', data: Buffer.from('x') },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/quote/installer/search',
      headers: { ...t.auth(token), ...upload.headers, 'accept-language': 'en' },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, message: expect.any(String) });
  });

  it("sends security headers: an API answer may not be run, framed, sniffed or kept; a page keeps Helmet's", async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // Errors too (the error handler answers after the hook).
    const missing = await t.app.inject({ url: '/api/no-such-route' });
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(missing.headers['cache-control']).toBe('no-store');

    const page = await t.app.inject({ url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The offer's PDF preview (a blob: URL) may be framed, and only by the portal itself.
    expect(page.headers['content-security-policy']).toContain("frame-src 'self' blob: https:");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps CORS closed: a foreign origin gets no allowance, a preflight is not granted', async () => {
    const simple = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});
