import { describe, expect, it } from 'vitest';
import { type BudgetChunk, budgetFailures, measurePages, staticClosure } from './bundle-budget';

const chunk = (fileName: string, part: Partial<BudgetChunk> = {}): BudgetChunk => ({
  fileName,
  code: `/* ${fileName} */ ${'x'.repeat(200)}`,
  modules: [],
  imports: [],
  isEntry: false,
  facadeModuleId: null,
  ...part,
});

// entry -> vendor; login (lazy) -> forms; map (lazy) -> leaflet chunk; shell (lazy) imports map statically.
const chunks = [
  chunk('index.js', { isEntry: true, imports: ['vendor.js'], modules: ['/app/src/main.tsx'] }),
  chunk('vendor.js', { modules: ['/app/node_modules/react-dom/index.js'] }),
  chunk('login.js', { facadeModuleId: '/app/src/features/auth/login-page.tsx', imports: ['forms.js'] }),
  chunk('forms.js'),
  chunk('map.js', { facadeModuleId: '/app/src/features/map/map-page.tsx', imports: ['leaflet.js'] }),
  chunk('leaflet.js', { modules: ['/app/node_modules/leaflet/dist/leaflet-src.js'] }),
  chunk('shell.js', { facadeModuleId: '/app/src/layout/app-shell.tsx', imports: ['leaflet.js'] }),
];
const heavy = [{ name: 'the map (Leaflet)', pattern: /node_modules\/leaflet\// }];

describe('bundle budget', () => {
  it('follows static imports only, each chunk once', () => {
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    expect(staticClosure(byFile, ['index.js', 'login.js'])).toEqual([
      'forms.js',
      'index.js',
      'login.js',
      'vendor.js',
    ]);
  });

  it('adds the entry to every page and measures gzipped bytes', () => {
    const [login] = measurePages(chunks, {
      pages: [{ name: 'login', lazy: ['src/features/auth/login-page.tsx'], maxGzipBytes: 10_000 }],
      heavy,
    });
    expect(login?.files).toEqual(['forms.js', 'index.js', 'login.js', 'vendor.js']);
    expect(login?.gzipBytes).toBeGreaterThan(0);
    expect(login?.gzipBytes).toBeLessThan(4 * 250);
    expect(budgetFailures(login ? [login] : [])).toEqual([]);
  });

  it('fails a page over its size and one that loads a heavy module before it is opened', () => {
    const reports = measurePages(chunks, {
      pages: [
        { name: 'login', lazy: ['src/features/auth/login-page.tsx'], maxGzipBytes: 10 },
        { name: 'shell', lazy: ['src/layout/app-shell.tsx'], maxGzipBytes: 10_000 },
      ],
      heavy,
    });
    const failures = budgetFailures(reports);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^login: .* budget 0\.0 KB$/);
    expect(failures[1]).toBe('shell: loads the map (Leaflet) before it is opened');
  });

  it('names a page whose lazy chunk does not exist', () => {
    expect(() =>
      measurePages(chunks, { pages: [{ name: 'x', lazy: ['src/nowhere.tsx'], maxGzipBytes: 1 }], heavy }),
    ).toThrow(/no chunk for src\/nowhere.tsx/);
  });
});
