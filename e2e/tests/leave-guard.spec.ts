import { DEMO, expect, loginAs, test } from '../fixtures/auth';

/**
 * A page change within the app (the browser's Back, a menu link) while a dialog or the board's record
 * drawer holds unsaved changes asks the dialog's own question first: "keep editing" stays with the
 * text, "discard" goes on. A reload is the browser's question (robustness-qa.spec.ts).
 */
test.describe('leaving a page with unsaved changes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Back with a half-typed product asks first (German)', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/dashboard', 'de');
    // Within the app, so Back is the app's navigation and not a page load.
    await page.getByTestId('nav-product').click();
    await expect(page).toHaveURL(/\/product$/);
    await page.getByTestId('new-product').click();
    const name = page.getByTestId('form-name');
    await name.fill('Halb getipptes Produkt');

    await page.goBack();
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/product$/);
    await expect(name).toHaveValue('Halb getipptes Produkt');

    await page.goBack();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Verwerfen' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('product-form')).toHaveCount(0);
  });

  test('a menu link with a half-typed product asks first; an untouched form lets it go', async ({ page }) => {
    await loginAs(page, DEMO.owner, '/product', 'en');
    await page.getByTestId('new-product').click();
    const name = page.getByTestId('form-name');
    await name.fill('Half-typed product');
    // The dialog's overlay lies over the menu, so the click goes to the link itself, as a link in a
    // toast or in the dialog would be followed.
    const listing = page.getByTestId('nav-listing');
    await listing.dispatchEvent('click');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(name).toHaveValue('Half-typed product');

    await listing.dispatchEvent('click');
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/listing$/);

    // Nothing typed: no question.
    await page.getByTestId('nav-product').click();
    await page.getByTestId('new-product').click();
    await expect(name).toBeVisible();
    await listing.dispatchEvent('click');
    await expect(page).toHaveURL(/\/listing$/);
    await expect(question).toHaveCount(0);
  });

  test("Back with a half-typed board record asks the drawer's question (Spanish)", async ({ page }) => {
    await loginAs(page, DEMO.owner, '/dashboard', 'es');
    await page.getByTestId('nav-tasks').click();
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Nueva tarea' }).click();
    const drawer = page.getByTestId('record-drawer');
    const title = drawer.getByRole('textbox').first();
    await title.fill('Tarea a medias');

    await page.goBack();
    const question = page.getByRole('dialog', { name: '¿Descartar los cambios?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText('Sus cambios en este registro');
    await question.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(page).toHaveURL(/\/tasks/);
    await expect(title).toHaveValue('Tarea a medias');

    await page.goBack();
    await question.getByRole('button', { name: 'Descartar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
