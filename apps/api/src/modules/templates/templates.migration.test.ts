import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MIGRATION = readFileSync(
  join(import.meta.dirname, '../../../drizzle/0036_template_unit_nbsp.sql'),
  'utf8',
);

const NB = '\u00a0';

async function createTemplate(token: string, subject: string, body: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/email-template',
    headers: t.auth(token),
    payload: { name: 'Angebot', language: 'de', subject, body },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data._id;
}

async function stored(id: string) {
  const [row] = await t.database.query<{ subject: string; body: string; updated_at: Date }>(
    'SELECT subject, body, updated_at FROM email_templates WHERE id = $1',
    [id],
  );
  return row;
}

describe('migration 0036: stored e-mail templates join a placeholder and its unit by a no-break space', () => {
  it('replaces the ordinary space only between a {{placeholder}} and a unit, in subject and body', async () => {
    const a = await t.createInstallerCompany();
    const b = await t.createInstallerCompany();
    const fixed = await createTemplate(
      a.admin.token,
      'Ihre Anlage: {{yearlyProduction}} kWh',
      [
        'Der erwartete Jahresertrag beträgt {{yearlyProduction}} kWh.',
        '{{ yearlyProduction }} kWh, Anlage {{systemSize}} kWp, Rabatt {{discount}} %, Preis {{offerPrice}} €, Entfernung {{distance}} km',
        // Not the pattern: no placeholder, a word after the placeholder, two spaces, a longer word.
        'Typisch sind 950 kWh je kWp. Grüße, {{installerName}} Wärmepumpen. {{a}}  kWh. {{a}} kWhs',
      ].join('\n'),
    );
    // Another company's template is fixed as well; one without the pattern is left as it is.
    const other = await createTemplate(b.admin.token, 'Angebot {{shortId}}', 'Sie sparen {{savings}} %.');
    const untouched = await createTemplate(b.admin.token, 'Angebot {{shortId}}', 'Sie sparen 30 % mit {{x}}');
    const before = await stored(fixed);
    const untouchedBefore = await stored(untouched);

    await t.database.query(MIGRATION);

    const after = await stored(fixed);
    expect(after?.subject).toBe(`Ihre Anlage: {{yearlyProduction}}${NB}kWh`);
    expect(after?.body).toBe(
      [
        `Der erwartete Jahresertrag beträgt {{yearlyProduction}}${NB}kWh.`,
        `{{ yearlyProduction }}${NB}kWh, Anlage {{systemSize}}${NB}kWp, Rabatt {{discount}}${NB}%, Preis {{offerPrice}}${NB}€, Entfernung {{distance}}${NB}km`,
        'Typisch sind 950 kWh je kWp. Grüße, {{installerName}} Wärmepumpen. {{a}}  kWh. {{a}} kWhs',
      ].join('\n'),
    );
    // Only the space changed: the user's "last edited" stays theirs.
    expect(after?.updated_at).toEqual(before?.updated_at);
    expect((await stored(other))?.body).toBe(`Sie sparen {{savings}}${NB}%.`);
    expect(await stored(untouched)).toEqual(untouchedBefore);

    // The company reads the fixed template through the API.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/email-template',
      headers: t.auth(a.admin.token),
    });
    expect(list.json().data.find((x: { _id: string }) => x._id === fixed)?.subject).toBe(
      `Ihre Anlage: {{yearlyProduction}}${NB}kWh`,
    );
  });
});
