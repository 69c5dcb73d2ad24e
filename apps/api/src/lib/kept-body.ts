import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings a kept answer is sent in; what else a client asks for gets the plain bytes. */
export type BodyEncoding = 'br' | 'gzip' | 'identity';

const compressors: Record<Exclude<BodyEncoding, 'identity'>, (bytes: Buffer) => Promise<Buffer>> = {
  // Quality 5: within 1 % of quality 9's size on the map's points at a third of its time. Made once
  // per kept answer, in libuv's thread pool, so the event loop never waits for it.
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: 6 }),
};

/**
 * A large answer kept while its data stands still (the map's points), as bytes and, once a client
 * has asked for them, compressed (decision 0016). Sending kept bytes skips what every send of the
 * same text would redo: encoding the string to UTF-8 and compressing it on the event loop (brotli on
 * the map's 900 KB took about 24 ms a request).
 */
export class KeptBody {
  readonly identity: Buffer;
  private readonly compressed = new Map<Exclude<BodyEncoding, 'identity'>, Promise<Buffer>>();

  constructor(text: string) {
    this.identity = Buffer.from(text, 'utf8');
  }

  /** The bytes in `encoding`, compressed on the first call and kept. */
  bytes(encoding: BodyEncoding): Buffer | Promise<Buffer> {
    if (encoding === 'identity') return this.identity;
    let made = this.compressed.get(encoding);
    if (!made) {
      made = compressors[encoding](this.identity);
      // A failure is not kept: the next caller tries again.
      made.catch(() => this.compressed.delete(encoding));
      this.compressed.set(encoding, made);
    }
    return made;
  }
}

/**
 * What to send for an `Accept-Encoding` header: brotli or gzip when accepted (q > 0; the higher q
 * wins, brotli on a tie, as the smaller), else the plain bytes. `*` stands for any encoding not
 * named.
 */
export function acceptedEncoding(header: string | string[] | undefined): BodyEncoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Sends a kept JSON answer in the encoding the client accepts (`Vary: Accept-Encoding`). */
export function sendKept(req: FastifyRequest, reply: FastifyReply, body: KeptBody) {
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const bytes = body.bytes(encoding);
  // Content-Encoding set here tells @fastify/compress to leave the bytes alone.
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return Buffer.isBuffer(bytes) ? reply.send(bytes) : bytes.then((b) => reply.send(b));
}
