import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';
import { createTask, findTasks } from '../fixtures/board';

/**
 * The record drawer saves only what is on screen (docs/board.md, "In the browser: the keyboard and failed saves"): text
 * that is no number or date holds the save with every field marked and the first focused, instead of
 * sending the last value the text read as; the server's field errors show under their fields, all at
 * once, in the user's language, with the drawer open and everything typed kept.
 */

interface StoredTask {
  _id: string;
  taskName: string;
  properties: Record<string, { value: unknown } | undefined>;
}

async function storedTask(request: APIRequestContext, token: string, id: string): Promise<StoredTask> {
  const res = await request.get(`/api/task/${id}`, { headers: authHeaders(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as StoredTask;
}

const cellValue = (task: StoredTask, key: string) => task.properties[key]?.value ?? null;

/** The bodies of the record writes the page sends (create and update). */
function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && /\/api\/task\/(create|update\/[^m])/.test(request.url())) {
      writes.push(request.postData() ?? '');
    }
  });
  return writes;
}

async function openBoard(page: Page, suffix: string) {
  await expect(page.getByRole('grid', { name: 'Einträge' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('searchbox', { name: 'Einträge durchsuchen' }).fill(suffix);
}

/** Of two fields, the one the drawer shows first (the view orders the properties). */
async function upper(a: Locator, b: Locator): Promise<[Locator, Locator]> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('field not shown');
  return boxA.y < boxB.y ? [a, b] : [b, a];
}

const NUMBER = 'Bitte geben Sie eine Zahl ein';
/** 2027-13-45: no month 13. */
const NO_DAY = /^Diesen Tag gibt es nicht: bitte als TT\.MM\.JJJJ/;
/** 31.02.2026: February has fewer days. */
const FEBRUARY = 'Der Februar 2026 hat nur 28 Tage';
const FIX = 'Bitte korrigieren Sie die markierten Felder.';

test.describe('the record drawer checks before it saves', () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('a number or date that does not read holds the save of a record until it is corrected', async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const record = await createTask(page.request, token, {
      taskName: `Prüfen ${suffix}`,
      properties: { 'Aufwand (h)': 2, 'Fällig am': '2026-06-01' },
    });
    await openBoard(page, suffix);
    const writes = recordWrites(page);
    await page.getByRole('button', { name: `Prüfen ${suffix} öffnen` }).click();
    const drawer = page.getByRole('dialog', { name: 'Aufgabendetails' });
    const effort = drawer.getByRole('textbox', { name: 'Aufwand (h)' });
    const due = drawer.getByRole('textbox', { name: 'Fällig am' });
    await expect(effort).toHaveValue('2');

    // Typed key by key, as a person does: "15" read as a number on the way to "15x".
    await effort.clear();
    await effort.pressSequentially('15x');
    await due.clear();
    await due.pressSequentially('2027-13-45');
    await due.press('Tab');
    await drawer.getByRole('button', { name: 'Details aktualisieren' }).click();

    // Held: the drawer stays open, both fields keep their message, the first one has the focus.
    await expect(drawer.getByRole('alert').filter({ hasText: FIX })).toBeVisible();
    await expect(drawer.getByText(NUMBER)).toBeVisible();
    await expect(drawer.getByText(NO_DAY)).toBeVisible();
    await expect(effort).toHaveAttribute('aria-invalid', 'true');
    await expect(due).toHaveAttribute('aria-invalid', 'true');
    const [first, second] = await upper(effort, due);
    await expect(first).toBeFocused();
    await expect(effort).toHaveValue('15x');
    await expect(due).toHaveValue('2027-13-45');
    expect(writes).toEqual([]);
    await expect(page.getByText('Details aktualisiert')).toHaveCount(0);

    // The first corrected, the other still holds the save and now has the focus.
    await first.fill(first === effort ? '15' : '31.12.2027');
    await drawer.getByRole('button', { name: 'Details aktualisieren' }).click();
    await expect(second).toBeFocused();
    await expect(drawer.getByText(first === effort ? NO_DAY : NUMBER)).toBeVisible();
    await expect(drawer.getByText(first === effort ? NUMBER : NO_DAY)).toHaveCount(0);
    expect(writes).toEqual([]);
    expect(await storedTask(page.request, token, record._id)).toMatchObject({
      properties: { 'Aufwand (h)': { value: 2 }, 'Fällig am': { value: '2026-06-01' } },
    });

    // Both read: saved as shown.
    await second.fill(second === effort ? '15' : '31.12.2027');
    await expect(drawer.getByRole('alert').filter({ hasText: FIX })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Details aktualisieren' }).click();
    await expect(page.getByText('Details aktualisiert')).toBeVisible();
    await expect(drawer).toHaveCount(0);
    expect(writes).toHaveLength(1);
    const saved = await storedTask(page.request, token, record._id);
    expect([cellValue(saved, 'Aufwand (h)'), cellValue(saved, 'Fällig am')]).toEqual([15, '2027-12-31']);
  });

  test('a new record is not made without the number and date typed for it', async ({ page }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    await openBoard(page, suffix);
    const writes = recordWrites(page);
    await page.getByRole('button', { name: 'Neue Aufgabe' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neue Aufgabe' });
    await drawer.getByRole('textbox', { name: 'Aufgabe' }).fill(`Neu ${suffix}`);
    const effort = drawer.getByRole('textbox', { name: 'Aufwand (h)' });
    const due = drawer.getByRole('textbox', { name: 'Fällig am' });
    await effort.fill('abc');
    await due.fill('31.02.2026');
    await due.press('Tab');
    await drawer.getByRole('button', { name: 'Aufgabe erstellen' }).click();

    await expect(drawer.getByRole('alert').filter({ hasText: FIX })).toBeVisible();
    await expect(drawer.getByText(NUMBER)).toBeVisible();
    await expect(drawer.getByText(FEBRUARY)).toBeVisible();
    await expect((await upper(effort, due))[0]).toBeFocused();
    expect(writes).toEqual([]);
    expect(await findTasks(page.request, token, `Neu ${suffix}`)).toHaveLength(0);

    await effort.fill('2,5');
    await due.fill('28.02.2026');
    await drawer.getByRole('button', { name: 'Aufgabe erstellen' }).click();
    await expect(page.getByText('Aufgabe erstellt')).toBeVisible();
    await expect(drawer).toHaveCount(0);
    const [made] = await findTasks(page.request, token, `Neu ${suffix}`);
    if (!made) throw new Error('not created');
    const stored = await storedTask(page.request, token, made._id);
    expect([cellValue(stored, 'Aufwand (h)'), cellValue(stored, 'Fällig am')]).toEqual([2.5, '2026-02-28']);
  });

  test("the server's field errors show under their fields at once, for a new record and an update", async ({
    page,
  }) => {
    const suffix = Date.now().toString(36);
    const { token } = await loginAs(page, DEMO.owner, '/tasks', 'de');
    const EMAIL = 'Bitte geben Sie eine gültige E-Mail-Adresse ein';
    const PHONE = 'Bitte geben Sie eine gültige Telefonnummer ein';
    await openBoard(page, suffix);

    await page.getByRole('button', { name: 'Neue Aufgabe' }).click();
    const drawer = page.getByRole('dialog', { name: 'Neue Aufgabe' });
    await drawer.getByRole('textbox', { name: 'Aufgabe' }).fill(`Kunde ${suffix}`);
    const contact = drawer.getByRole('textbox', { name: 'Kontakt' });
    const phone = drawer.getByRole('textbox', { name: 'Telefon' });
    await contact.fill('keine-mail');
    await phone.fill('abc123');
    await drawer.getByRole('button', { name: 'Aufgabe erstellen' }).click();

    // Both at once, each under its own field; the drawer keeps everything typed.
    await expect(drawer.getByTestId('field-Kontakt').getByText(EMAIL)).toBeVisible();
    await expect(drawer.getByTestId('field-Telefon').getByText(PHONE)).toBeVisible();
    await expect(contact).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(drawer.getByRole('alert').filter({ hasText: FIX })).toBeVisible();
    const [first] = await upper(contact, phone);
    await expect(first).toBeFocused();
    await expect(drawer.getByRole('textbox', { name: 'Aufgabe' })).toHaveValue(`Kunde ${suffix}`);
    await expect(contact).toHaveValue('keine-mail');
    await expect(phone).toHaveValue('abc123');
    expect(await findTasks(page.request, token, `Kunde ${suffix}`)).toHaveLength(0);

    // A changed value drops its message (it was about the old one); the other stays.
    await contact.fill('Info@Kunde.test');
    await expect(drawer.getByText(EMAIL)).toHaveCount(0);
    await expect(drawer.getByTestId('field-Telefon').getByText(PHONE)).toBeVisible();
    await phone.fill('+49 30 1234');
    await drawer.getByRole('button', { name: 'Aufgabe erstellen' }).click();
    await expect(page.getByText('Aufgabe erstellt')).toBeVisible();
    await expect(drawer).toHaveCount(0);
    const [made] = await findTasks(page.request, token, `Kunde ${suffix}`);
    if (!made) throw new Error('not created');

    // The same for an update of the record.
    await page.getByRole('button', { name: `Kunde ${suffix} öffnen` }).click();
    const details = page.getByRole('dialog', { name: 'Aufgabendetails' });
    await details.getByRole('textbox', { name: 'Kontakt' }).fill('wieder-keine');
    await details.getByRole('textbox', { name: 'Telefon' }).fill('xyz');
    await details.getByRole('button', { name: 'Details aktualisieren' }).click();
    await expect(details.getByTestId('field-Kontakt').getByText(EMAIL)).toBeVisible();
    await expect(details.getByTestId('field-Telefon').getByText(PHONE)).toBeVisible();
    await expect(details.getByRole('textbox', { name: 'Kontakt' })).toHaveValue('wieder-keine');
    await expect(page.getByText('Details aktualisiert')).toHaveCount(0);
    const stored = await storedTask(page.request, token, made._id);
    expect([cellValue(stored, 'Kontakt'), cellValue(stored, 'Telefon')]).toEqual([
      'info@kunde.test',
      '+49 30 1234',
    ]);
  });
});
