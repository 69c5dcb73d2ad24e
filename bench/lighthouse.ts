/**
 * Lighthouse (issue 7, bench/README.md "Lighthouse"): the performance category on the login screen,
 * the listing, the map and the task board, in Debian's Chromium against the real server on a fresh
 * embedded database with the demo data. Budgets: LCP under 2.5 s, total blocking time under 200 ms,
 * CLS under 0.1 (Lighthouse's default desktop throttling off: the figures are this machine's). Each
 * page is measured three times and each figure is the median (the machine's other work moves one run).
 *
 *   npm run bench:lighthouse
 *
 * Writes bench/results/<date>-lighthouse.json and .md. `BENCH_PAGES=listing,board` measures only those
 * pages (a diagnostic run: nothing is written); each run's log line names the LCP element and the phases
 * of its time (time to first byte, load delay, load time, render delay).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startDemoServer } from './wait';

const here = dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3960);
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = { lcpMs: 2500, tbtMs: 200, cls: 0.1 };
const RUNS = 3;
/** The median of the runs that produced a figure (a failed Lighthouse run gives NaN). */
const median = (xs: number[]) => {
  const ok = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return ok[Math.floor(ok.length / 2)] ?? Number.NaN;
};
const PAGES = [
  { name: 'login', path: '/login', auth: false },
  { name: 'listing', path: '/listing', auth: true },
  { name: 'map', path: '/mapview', auth: true },
  { name: 'board', path: '/tasks', auth: true },
];

const ONLY = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const SHOWN = ONLY ? PAGES.filter((p) => ONLY.includes(p.name)) : PAGES;

/** The LCP element and its phases from Lighthouse's `largest-contentful-paint-element` audit. */
function lcpDetail(audit: { details?: unknown } | undefined): string {
  type Table = { type?: string; items?: Record<string, unknown>[] };
  const lists = (audit?.details as { items?: Table[] } | undefined)?.items ?? [];
  const node = lists[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (lists[1]?.items ?? [])
    .map((row) => `${String(row.phase)} ${Math.round(Number(row.timing))} ms`)
    .join(', ');
  return `${node?.selector ?? '?'} "${(node?.nodeLabel ?? '').slice(0, 40)}": ${phases}`;
}

const log = (msg: string) => console.log(`[lighthouse ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function main() {
  const server = await startDemoServer(PORT, 'lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const res = await fetch(`${BASE}/api/user/installer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@sonnenbau.test', password: 'Demo-Solar-2026' }),
    });
    const { data } = (await res.json()) as {
      data: { token: string; refresh_token: string; user: { installerCity: string } };
    };

    // The session is stored the way the web app stores it; Lighthouse keeps it (disableStorageReset).
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const setup = await browser.newPage();
    await setup.goto(`${BASE}/login`);
    const setSession = async (on: boolean) =>
      setup.evaluate(
        (s, keep) => {
          if (!keep) {
            localStorage.clear();
            return;
          }
          localStorage.setItem('auth_token', s.token);
          localStorage.setItem('refresh_token', s.refresh_token);
          localStorage.setItem('installer_city', s.user.installerCity ?? '');
          localStorage.setItem('auth_expires_at', String(Date.now() + 86_400_000));
          localStorage.setItem('preferredLanguage', 'de');
        },
        data,
        on,
      );

    const rows: {
      page: string;
      score: number;
      lcpMs: number;
      tbtMs: number;
      cls: number;
      pass: boolean;
      tbtMsAll: number[];
    }[] = [];
    for (const p of SHOWN) {
      await setSession(p.auth);
      const runs: { score: number; lcpMs: number; tbtMs: number; cls: number }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(
          `${BASE}${p.path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            formFactor: 'desktop',
            screenEmulation: {
              mobile: false,
              width: 1440,
              height: 900,
              deviceScaleFactor: 1,
              disabled: false,
            },
            throttlingMethod: 'provided',
            disableStorageReset: true,
          },
          undefined,
        );
        const audits = result?.lhr.audits ?? {};
        runs.push({
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
          cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
          score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
        });
        log(
          `${p.name} run ${run + 1}: LCP ${runs.at(-1)?.lcpMs} ms, ${lcpDetail(audits['largest-contentful-paint-element'])}`,
        );
      }
      const lcpMs = median(runs.map((r) => r.lcpMs));
      const tbtMs = median(runs.map((r) => r.tbtMs));
      const cls = median(runs.map((r) => r.cls));
      const score = median(runs.map((r) => r.score));
      const pass = lcpMs < BUDGET.lcpMs && tbtMs < BUDGET.tbtMs && cls < BUDGET.cls;
      rows.push({ page: p.name, score, lcpMs, tbtMs, cls, pass, tbtMsAll: runs.map((r) => r.tbtMs) });
      log(
        `${p.name}: score ${score}, LCP ${lcpMs} ms, TBT ${tbtMs} ms (${runs.map((r) => r.tbtMs).join(', ')}), CLS ${cls}`,
      );
    }
    await browser.disconnect();

    if (ONLY) return;
    const day = new Date().toISOString().slice(0, 10);
    const machine = `${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB`;
    const out = resolve(here, 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      join(out, `${day}-lighthouse.json`),
      `${JSON.stringify({ day, machine, budget: BUDGET, rows }, null, 2)}\n`,
    );
    const md = `### ${day} (Lighthouse 12, desktop, no throttling): demo data, median of ${RUNS} runs

Machine: ${machine}, Chromium headless (software rendering). Budgets: LCP < 2.5 s, TBT < 200 ms, CLS < 0.1.

| page | performance score | LCP | TBT (the ${RUNS} runs) | CLS | within budget |
| --- | ---: | ---: | ---: | ---: | :---: |
${rows.map((r) => `| ${r.page} | ${r.score} | ${r.lcpMs} ms | ${r.tbtMs} ms (${r.tbtMsAll.join(', ')}) | ${r.cls} | ${r.pass ? 'yes' : 'no'} |`).join('\n')}
`;
    writeFileSync(join(out, `${day}-lighthouse.md`), md);
    console.log(`\n${md}`);
    if (rows.some((r) => !r.pass)) process.exitCode = 1;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

await main();
