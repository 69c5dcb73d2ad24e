import { authHeaders, DEMO, expect, loginAs, test } from '../fixtures/auth';

test.describe.configure({ timeout: 90_000 });

test.describe('company details (/profile)', () => {
  test('a service radius past its limit is named, not changed into another and saved', async ({ page }) => {
    const { token } = await loginAs(page, DEMO.owner, '/profile', 'de');
    const me = await page.request.get('/api/user', { headers: authHeaders(token) });
    const saved = (await me.json()).data.installerDetails as { serviceRadiusKm: number; city: string };

    const card = page.getByTestId('section-company');
    const radius = card.getByRole('textbox', { name: 'Einsatzradius (km)' });
    const area = card.getByText(/^Einsatzgebiet: /);
    await expect(area).toHaveText(`Einsatzgebiet: ${saved.serviceRadiusKm} km um ${saved.city}`);

    await radius.fill('5000');
    await radius.press('Tab');
    // Left as typed (Mantine would clamp it to 1.000 on blur), and the subtitle keeps the saved radius.
    await expect(radius).toHaveValue('5.000');
    await expect(area).toHaveText(`Einsatzgebiet: ${saved.serviceRadiusKm} km um ${saved.city}`);

    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/installer/')) writes.push(r.url());
    });
    await card.getByRole('button', { name: 'Speichern' }).click();
    await expect(card.getByText('Bitte geben Sie eine Zahl bis 1.000 ein')).toBeVisible();
    await expect(radius).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toEqual([]);

    await radius.fill('0');
    await card.getByRole('button', { name: 'Speichern' }).click();
    await expect(card.getByText('Bitte geben Sie eine Zahl ab 1 ein')).toBeVisible();
    expect(writes).toEqual([]);
    const after = await page.request.get('/api/user', { headers: authHeaders(token) });
    expect((await after.json()).data.installerDetails.serviceRadiusKm).toBe(saved.serviceRadiusKm);
  });

  test('phone, postal code and VAT ID that are none are named field by field, in English too', async ({
    page,
  }) => {
    const { token } = await loginAs(page, DEMO.owner, '/profile', 'en');
    const card = page.getByTestId('section-company');
    const phone = card.getByRole('textbox', { name: 'Phone' });
    const postal = card.getByRole('textbox', { name: 'Postal code' });
    const vat = card.getByRole('textbox', { name: 'VAT ID' });
    const before = {
      phone: await phone.inputValue(),
      postal: await postal.inputValue(),
      vat: await vat.inputValue(),
    };

    await phone.fill('abc-not-a-phone');
    await postal.fill('ABCDE-123456');
    await vat.fill('12');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(card.getByText('Please enter a postal code (e.g. 80802)')).toBeVisible();
    await expect(
      card.getByText('Please enter a VAT ID with its country code (e.g. DE123456789)'),
    ).toBeVisible();
    const me = await page.request.get('/api/user', { headers: authHeaders(token) });
    const stored = (await me.json()).data.installerDetails as {
      phone: string;
      postalCode: string;
      vatId: string;
    };
    expect(stored).toMatchObject({ phone: before.phone, postalCode: before.postal, vatId: before.vat });
  });

  test('a double click on save saves the company once', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/profile', 'en');
    const card = page.getByTestId('section-company');
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/installer/')) writes.push(r.url());
    });
    await card.getByRole('button', { name: 'Save changes' }).dblclick();
    await expect(page.getByText('Company details have been saved')).toBeVisible();
    await page.waitForTimeout(500);
    expect(writes).toHaveLength(1);
  });
});
