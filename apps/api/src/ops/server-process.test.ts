import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopProcess } from './server-process';

/**
 * The child servers of the fault tests and the soak take their port from the operating system and
 * say it in their banner; a child that dies is reported at once, with how it ended and its output.
 * Small stand-in entries keep these tests fast; the real `src/main.ts` runs in the soak and fault tests.
 */
const dir = mkdtempSync(join(tmpdir(), 'solar-server-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function entry(name: string, code: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  return file;
}

const healthServer = entry(
  'health',
  `import { createServer } from 'node:http';
   const server = createServer((req, res) => {
     res.statusCode = req.url === '/api/health' ? 200 : 404;
     res.end(String(process.pid));
   });
   server.listen(Number(process.env.PORT), process.env.HOST, () => {
     console.log('  Listening on ' + process.env.HOST + ':' + server.address().port);
   });
   process.on('SIGTERM', () => server.close(() => process.exit(0)));`,
);

describe('startServerProcess', () => {
  it('starts servers on ports of their own, read from their banners', async () => {
    const servers = await Promise.all([1, 2, 3].map(() => startServerProcess({}, { entry: healthServer })));
    try {
      const ports = servers.map((s) => s.port);
      expect(new Set(ports).size).toBe(3);
      for (const s of servers) {
        expect(s.base).toBe(`http://127.0.0.1:${s.port}/api`);
        // Each address reaches that very child.
        expect(await (await fetch(`${s.base}/health`)).text()).toBe(String(s.child.pid));
      }
    } finally {
      await Promise.all(servers.map((s) => stopProcess(s.child)));
    }
  });

  it('reports a child killed by a signal at once, with its last output', async () => {
    const killed = entry('killed', `console.error('about to go'); process.kill(process.pid, 'SIGKILL');`);
    const started = Date.now();
    await expect(startServerProcess({}, { entry: killed, seconds: 60 })).rejects.toThrow(
      /was killed by SIGKILL after .*about to go/s,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('reports a child that exits, and one that never answers, with what it printed', async () => {
    const exits = entry('exits', `console.log('no database here'); process.exit(3);`);
    await expect(startServerProcess({}, { entry: exits })).rejects.toThrow(
      /exited with 3 .*no database here/s,
    );
    const silent = entry('silent', `console.log('starting slowly'); setInterval(() => {}, 1000);`);
    // Long enough for the child (started through tsx) to have printed, also on a loaded machine: a
    // fresh-clone run beside browser tests did not see the line within 2 s.
    await expect(startServerProcess({}, { entry: silent, seconds: 10 })).rejects.toThrow(
      /did not answer \/api\/health .*starting slowly/s,
    );
  });
});
