import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLogger, requestLoggerFactory } from './request-logger';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const root = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { root, lines };
}

describe('RequestLogger', () => {
  it('writes what a pino child writes, its bindings included, and nothing below the level', () => {
    const { root, lines } = logger('warn');
    const log = requestLoggerFactory(root, { reqId: 'r-1' }, {});
    expect(log).toBeInstanceOf(RequestLogger);
    log.info('not written');
    log.debug({ a: 1 }, 'not written either');
    expect(lines).toEqual([]);
    log.warn({ code: 7 }, 'written');
    log.error(new Error('boom'));
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'r-1', code: 7, msg: 'written' }),
      expect.objectContaining({ level: 50, reqId: 'r-1', err: expect.objectContaining({ message: 'boom' }) }),
    ]);
  });

  it('follows the level it is given, and makes children with both bindings', () => {
    const { root, lines } = logger('warn');
    const log = requestLoggerFactory(root, { reqId: 'r-2' }, {});
    expect(log.level).toBe('warn');
    log.level = 'debug';
    expect(root.level).toBe('warn');
    log.debug('now written');
    log.child({ step: 'x' }).info('from a child');
    expect(lines).toEqual([
      expect.objectContaining({ level: 20, reqId: 'r-2', msg: 'now written' }),
      expect.objectContaining({ level: 30, reqId: 'r-2', step: 'x', msg: 'from a child' }),
    ]);
  });

  it('makes a child with options of its own at once, as Fastify would', () => {
    const { root, lines } = logger('warn');
    const log = requestLoggerFactory(root, { reqId: 'r-3' }, { level: 'trace' });
    expect(log).not.toBeInstanceOf(RequestLogger);
    log.trace('traced');
    expect(lines).toEqual([expect.objectContaining({ level: 10, reqId: 'r-3' })]);
  });
});
