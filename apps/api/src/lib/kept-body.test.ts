import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, KeptBody, sendKept } from './kept-body';

describe('acceptedEncoding', () => {
  it('picks brotli, then gzip, else the plain bytes', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBe('identity');
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding('')).toBe('identity');
    expect(acceptedEncoding('identity')).toBe('identity');
  });

  it('honours q values and the wildcard', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('BR;Q=1, GZIP;q=1')).toBe('br');
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBe('identity');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBe('identity');
    expect(acceptedEncoding('gzip;q=nonsense')).toBe('identity');
    expect(acceptedEncoding(['deflate', 'gzip'])).toBe('gzip');
  });
});

describe('KeptBody', () => {
  const text = JSON.stringify({ data: { ids: Array.from({ length: 2000 }, (_, i) => `id-${i}-Ünïcode`) } });

  it('keeps the UTF-8 bytes and compresses each encoding once', async () => {
    const body = new KeptBody(text);
    expect(body.bytes('identity')).toBe(body.identity);
    expect(body.identity.toString('utf8')).toBe(text);
    const br = body.bytes('br');
    expect(body.bytes('br')).toBe(br);
    expect(brotliDecompressSync(await br).toString('utf8')).toBe(text);
    const gz = await body.bytes('gzip');
    expect(gunzipSync(gz).toString('utf8')).toBe(text);
    expect(gz.length).toBeLessThan(body.identity.length / 3);
  });

  it('is sent in the encoding asked for, untouched by @fastify/compress', async () => {
    const app = Fastify();
    await app.register((await import('@fastify/compress')).default, { global: true, threshold: 2048 });
    const body = new KeptBody(text);
    app.get('/kept', (req, reply) => sendKept(req, reply, body));
    const ask = (encoding?: string) =>
      app.inject({ url: '/kept', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(text);
    // The kept bytes themselves, not compressed again for this request.
    expect(br.rawPayload.equals(await body.bytes('br'))).toBe(true);
    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(text);
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(body.identity.length));
    expect(plain.json()).toEqual(JSON.parse(text));
    await app.close();
  });
});
