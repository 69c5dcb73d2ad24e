import { DEMO, expect, loginAs, test } from '../fixtures/auth';

const ROOF_OBJ = [
  'o roof',
  'v 0 0 0',
  'v 4 0 0',
  'v 4 0 3',
  'v 0 0 3',
  'v 2 2 1.5',
  'f 1 2 5',
  'f 2 3 5',
  'f 3 4 5',
  'f 4 1 5',
  '',
].join('\n');

/** Pixel variance of the WebGL canvas, read through a 2D copy. */
async function canvasVariance(page: import('@playwright/test').Page) {
  return page.getByTestId('viewer-canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return 0;
    ctx.drawImage(canvas, 0, 0);
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
    let sum = 0;
    let sumSq = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 16) {
      const v = ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3;
      sum += v;
      sumSq += v * v;
      n++;
    }
    const mean = sum / n;
    return sumSq / n - mean * mean;
  });
}

test('the 3D page opens a local OBJ and draws it', async ({ page }) => {
  test.slow();
  await loginAs(page, DEMO.admin, '/3D', 'en');
  await expect(page.getByRole('heading', { name: '3D viewer' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('viewer-file').click();
  await (await chooser).setFiles({ name: 'roof.obj', mimeType: 'text/plain', buffer: Buffer.from(ROOF_OBJ) });
  await expect(page.getByTestId('obj-viewer')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('viewer-canvas')).toBeVisible();
  await expect.poll(() => canvasVariance(page)).toBeGreaterThan(20);
  await page.getByTestId('viewer-reset').click();
  await expect.poll(() => canvasVariance(page)).toBeGreaterThan(20);
});

test('a broken file gives a clear message', async ({ page }) => {
  test.slow();
  await loginAs(page, DEMO.city, '/3D', 'en');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('viewer-file').click();
  await (await chooser).setFiles({
    name: 'broken.obj',
    mimeType: 'text/plain',
    buffer: Buffer.from('this is not a model\nhello world\n'),
  });
  await expect(page.getByTestId('viewer-error')).toHaveText('This file could not be read as an OBJ model.');
});

test('a file too large for the browser is refused at the field, before it is read', async ({
  page,
}, info) => {
  test.slow();
  // A sparse file on disk: 101 MB long, nothing written.
  const { openSync, ftruncateSync, closeSync } = await import('node:fs');
  const path = info.outputPath('huge.obj');
  const fd = openSync(path, 'w');
  ftruncateSync(fd, 101 * 1024 * 1024);
  closeSync(fd);
  await loginAs(page, DEMO.admin, '/3D', 'de');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('viewer-file').click();
  await (await chooser).setFiles(path);
  await expect(
    page.getByText('Diese Datei ist zu groß für die Ansicht im Browser (höchstens 100 MB)'),
  ).toBeVisible();
  // Never read: the viewer stays empty.
  await expect(page.getByTestId('obj-viewer')).toHaveAttribute('data-state', 'idle');
});
