import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookUp = (app: TestApp, slug: string, lang = 'en', address?: string) =>
  app.app.inject({
    method: 'GET',
    url: `/api/public/partner/${slug}`,
    headers: { 'accept-language': lang, ...(address ? { 'x-forwarded-for': address } : {}) },
  });

describe('GET /public/partner/:slug', () => {
  it("answers a known partner link with the company's display name and nothing else, without a session", async () => {
    const company = await t.createCompany({
      name: 'Sonnenbau Test GmbH',
      email: 'private-office@sonnenbau.example',
      phone: '+49 89 5550123',
      vatId: 'DE999999999',
      address: 'Geheimweg 7',
      description: 'internal notes',
    });
    const res = await lookUp(t, String(company.slug));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'Sonnenbau Test GmbH' } });
    for (const secret of [company.id, 'private-office', '5550123', 'DE999999999', 'Geheimweg', 'internal']) {
      expect(res.body).not.toContain(secret);
    }
    // A hand-typed link with capitals and spaces around it finds the company too.
    const typed = await lookUp(t, `%20${String(company.slug).toUpperCase()}%20`);
    expect(typed.json()).toEqual({ data: { name: 'Sonnenbau Test GmbH' } });
  });

  it('answers 404 partner_not_found in the caller language for a slug no company has', async () => {
    const slug = `nobody-${randomUUID().slice(0, 8)}`;
    for (const [lang, message] of [
      ['de', 'Zu diesem Link gibt es keinen Solarpartner'],
      ['en', 'No solar partner has this link'],
      ['es', 'Ningún socio solar tiene este enlace'],
    ] as const) {
      const res = await lookUp(t, slug, lang);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'partner_not_found', message });
      expect(res.json()).not.toHaveProperty('data');
    }
  });

  it('refuses a slug that is no slug with 400 and the field error under slug, before any look-up', async () => {
    const res = await lookUp(t, encodeURIComponent("x' OR '1'='1"), 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      message: 'Bitte überprüfen Sie Ihre Eingaben',
      errors: { slug: 'Ein Partnerlink-Name besteht nur aus Kleinbuchstaben, Ziffern und Bindestrichen' },
    });
    // Longer than a slug may be: the router refuses it before the route (Fastify's maxParamLength, 100).
    const long = await lookUp(t, 'a'.repeat(101), 'en');
    expect(long.statusCode).toBe(414);
  });
});

describe('GET /public/partner/:slug: the limit per client address', () => {
  const LIMIT = 3;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ PARTNER_LOOKUPS_PER_HOUR: String(LIMIT) });
  }, 180_000);
  afterAll(() => limited.close());

  /** An address no other test or earlier run has used (the server's test database is shared). */
  const newAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;

  it('counts found and unknown slugs alike and answers 429 with Retry-After after the limit, naming no company', async () => {
    const company = await limited.createCompany({ name: 'Limitbau GmbH' });
    const slug = String(company.slug);
    const address = newAddress();
    expect((await lookUp(limited, slug, 'en', address)).statusCode).toBe(200);
    expect((await lookUp(limited, `nobody-${randomUUID().slice(0, 8)}`, 'en', address)).statusCode).toBe(404);
    expect((await lookUp(limited, slug, 'en', address)).statusCode).toBe(200);

    const refused = await lookUp(limited, slug, 'en', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'too_many_partner_lookups',
      message: 'Too many partner look-ups from your connection. Please try again later.',
    });
    expect(refused.body).not.toContain('Limitbau');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // An unknown slug gets the same refusal: the 429 tells nothing about which slugs exist.
    const unknown = await lookUp(limited, `nobody-${randomUUID().slice(0, 8)}`, 'de', address);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toBe(
      'Zu viele Partnerabfragen von Ihrem Anschluss. Bitte versuchen Sie es später erneut.',
    );
    expect((await lookUp(limited, slug, 'es', address)).json().message).toBe(
      'Demasiadas consultas de socios desde su conexión. Vuelva a intentarlo más tarde.',
    );
    // Refused look-ups add no count of their own.
    const [row] = await limited.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_failures WHERE key = $1',
      [`partner-lookup:${address}`],
    );
    expect(row?.n).toBe(LIMIT);

    // Another address is not affected, nor are the address's quote requests.
    expect((await lookUp(limited, slug, 'en', newAddress())).statusCode).toBe(200);
  });

  it('lets exactly the limit through when one address sends a burst at once', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 3 }, () =>
        lookUp(limited, `nobody-${randomUUID().slice(0, 8)}`, 'en', address),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      ...Array(LIMIT).fill(404),
      ...Array(3).fill(429),
    ]);
  });
});
