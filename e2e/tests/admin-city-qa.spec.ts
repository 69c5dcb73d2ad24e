import { DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * Findings of a QA pass through the portal as the platform admin (ADMIN) and the city administrator
 * (CITY_ADMIN), on a phone and a desktop, in German, English and Spanish.
 */
test.describe('admin and city administrator QA', () => {
  test.beforeEach(() => test.slow());

  test('on a phone the CSV export hint wraps inside the screen instead of scrolling the page sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginAs(page, DEMO.city, '/listing', 'es');
    const exportButton = page.getByTestId('listing-export');
    await expect(exportButton).toBeVisible({ timeout: 30_000 });
    await exportButton.hover();
    const hint = page.getByRole('tooltip');
    await expect(hint).toHaveText('Todas las filas de los filtros y el orden actuales, hasta 10,000');
    const box = await hint.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the help page of a city administrator describes only what the account has', async ({ page }) => {
    await loginAs(page, DEMO.city, '/help', 'es');
    const help = page.getByTestId('help-page');
    await expect(help.getByRole('heading', { name: 'Fases del proyecto' })).toBeVisible({ timeout: 30_000 });
    await expect(help).toContainText('no forman parte de su cuenta');
    // Quota, templates, board and notifications are installer screens this role cannot open.
    for (const title of [
      'Cuota de descargas',
      'Plantillas',
      'Tablero de proyectos y tareas',
      'Notificaciones',
    ]) {
      await expect(help.getByRole('heading', { name: title })).toHaveCount(0);
      await expect(help.getByRole('navigation').getByRole('link', { name: title })).toHaveCount(0);
    }
    await expect(help.getByRole('navigation').getByRole('link')).toHaveCount(1);
  });

  test('the platform admin reads the same help page in English without the installer sections', async ({
    page,
  }) => {
    await loginAs(page, DEMO.admin, '/help', 'en');
    const help = page.getByTestId('help-page');
    await expect(help.getByRole('heading', { name: 'Project stages' })).toBeVisible({ timeout: 30_000 });
    await expect(help).toContainText('are not part of your account');
    await expect(help.getByRole('heading', { name: 'Project and task board' })).toHaveCount(0);
    await expect(help.getByRole('heading', { name: 'Download quota' })).toHaveCount(0);
  });

  test("deleting a platform product tells the admin it leaves every company's catalogue", async ({
    page,
  }) => {
    await loginAs(page, DEMO.admin, '/product', 'de');
    const actions = page.getByTestId('row-actions').first();
    await expect(actions).toBeVisible({ timeout: 30_000 });
    await actions.click();
    await page.getByTestId('action-delete').click();
    const dialog = page.getByRole('dialog', { name: 'Produkt löschen' });
    await expect(dialog).toContainText(
      'Möchten Sie dieses Plattformprodukt wirklich löschen? Es verschwindet aus der Plattformliste und aus dem Katalog jedes Installateur-Unternehmens, das es aufgenommen hat.',
    );
    // Only looked at: the demo's platform products stay for the other tests.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the admin selects platform products, not "own" ones, on a phone and a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await loginAs(page, DEMO.admin, '/product', 'es');
    await expect(page.getByTestId('products-cards')).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('checkbox', { name: 'Seleccionar todos los productos de la plataforma' }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Seleccionar todos los productos propios' })).toHaveCount(
      0,
    );

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId('products-table')).toBeVisible();
    await expect(
      page.getByRole('checkbox', { name: 'Seleccionar todos los productos de la plataforma' }),
    ).toBeVisible();
  });
});
