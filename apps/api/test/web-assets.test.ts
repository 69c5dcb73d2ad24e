import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress';
import { createTestApp, type TestApp } from './app';

// A built web app in miniature: a page, a hashed script big enough to compress, a small file.
const dist = mkdtempSync(join(tmpdir(), 'solar-web-'));
const script = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Angebot ${i}`))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12_xYz.js"></script></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'assets', 'index-Ab12_xYz.js'), script);
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  await precompressDir(dist);
  t = await createTestApp({ WEB_DIST: dist }, { serveWeb: true });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('is compressed once at build time: brotli and gzip beside each large file, none for small ones', () => {
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'index-Ab12_xYz.js.br'))).toString()).toBe(
      script,
    );
    expect(gunzipSync(readFileSync(join(dist, 'index.html.gz'))).toString()).toBe(page);
    expect(() => readFileSync(join(dist, 'favicon.svg.br'))).toThrow();
  });

  it('sends the stored brotli or gzip form as the browser accepts, the plain file otherwise', async () => {
    const url = '/assets/index-Ab12_xYz.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The stored bytes themselves, not compressed again on the way out.
    expect(br.rawPayload.equals(readFileSync(join(dist, 'assets', 'index-Ab12_xYz.js.br')))).toBe(true);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets the browser keep hashed assets for a year and asks again for everything else', async () => {
    const asset = await t.app.inject({
      url: '/assets/index-Ab12_xYz.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const root = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(root.statusCode).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(root.rawPayload).toString()).toBe(page);
    // A route of the single-page app gets the page, not cached either.
    const route = await t.app.inject({ url: '/listing', headers: { 'accept-encoding': 'identity' } });
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toBe(page);
    const small = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'identity' } });
    expect(small.headers['cache-control']).toBe('no-cache');
    expect(small.body).toBe('<svg/>');
  });

  it('answers a file that is not there with 404, never the page, and sends one written after the start', async () => {
    for (const url of [
      '/assets/index-Old12345.js',
      '/favicon.png',
      '/assets/%E0%A4%A.js',
      '/assets/..%2F..%2Fetc%2Fpasswd.js',
    ]) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      // A malformed escape is refused by the router itself (400).
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body).not.toBe(page);
    }
    // A new release copied in place while the server runs: its index names a script the server
    // did not know at its start.
    const next = 'export const release = 2;\n';
    writeFileSync(join(dist, 'assets', 'index-Cd34_wXy.js'), next);
    const script = await t.app.inject({
      url: '/assets/index-Cd34_wXy.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(next);
    // Routes of the app, with a query too, still get the page.
    const route = await t.app.inject({
      url: '/projectview?projectId=abc',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(route.statusCode).toBe(200);
    expect(route.body).toBe(page);
  });
});
