import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** One chunk of the build as the budget sees it. */
export interface BudgetChunk {
  fileName: string;
  code: string;
  /** Module ids bundled into the chunk. */
  modules: string[];
  /** Chunks loaded with it before it runs (static imports). */
  imports: string[];
  isEntry: boolean;
  /** The source module this chunk is the entry or lazy chunk of, when it is one. */
  facadeModuleId: string | null;
}

/** A page of the app as it first loads: the HTML entry plus lazy chunks that open with it. */
export interface BudgetPage {
  name: string;
  /** Source modules (path suffixes) whose lazy chunks load with this page, besides the entry. */
  lazy: string[];
  /** Most gzipped JavaScript bytes the page may load: the build fails above it. */
  maxGzipBytes: number;
  /**
   * The budget the page is meant to meet, when it is not met yet: printed as missed, while
   * `maxGzipBytes` (today's size and a little room) keeps it from growing further.
   */
  targetGzipBytes?: number;
}

export interface BudgetOptions {
  pages: BudgetPage[];
  /**
   * Module path fragments that must not load before their screen is opened: a page's chunks may not
   * contain them (the map, the 3D viewer, PDF rendering).
   */
  heavy: { name: string; pattern: RegExp }[];
}

export interface PageReport {
  name: string;
  files: string[];
  /** Gzipped bytes of each file, largest first. */
  fileSizes: [string, number][];
  gzipBytes: number;
  maxGzipBytes: number;
  targetGzipBytes: number;
  heavyFound: string[];
}

/** The chunks a set of roots loads: the roots and everything they import statically. */
export function staticClosure(chunks: Map<string, BudgetChunk>, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of chunks.get(file)?.imports ?? []) stack.push(next);
  }
  return [...seen].sort();
}

const gzipSize = (code: string) => gzipSync(code, { level: 9 }).length;

/** Measures every page against its budget; pure, so the rules are unit-tested. */
export function measurePages(chunks: BudgetChunk[], options: BudgetOptions): PageReport[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSize(byFile.get(file)?.code ?? '');
      sizes.set(file, size);
    }
    return size;
  };
  return options.pages.map((page) => {
    const roots = [...entries];
    for (const suffix of page.lazy) {
      const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(suffix));
      if (!chunk) throw new Error(`bundle budget: no chunk for ${suffix} (page ${page.name})`);
      roots.push(chunk.fileName);
    }
    const files = staticClosure(byFile, roots);
    const modules = files.flatMap((f) => byFile.get(f)?.modules ?? []);
    const heavyFound = options.heavy
      .filter((h) => modules.some((m) => h.pattern.test(m.replace(/\\/g, '/'))))
      .map((h) => h.name);
    return {
      name: page.name,
      files,
      fileSizes: files.map((f): [string, number] => [f, sizeOf(f)]).sort((a, b) => b[1] - a[1]),
      gzipBytes: files.reduce((sum, f) => sum + sizeOf(f), 0),
      maxGzipBytes: page.maxGzipBytes,
      targetGzipBytes: page.targetGzipBytes ?? page.maxGzipBytes,
      heavyFound,
    };
  });
}

/** The failures of a measurement, one line each (empty when every budget holds). */
export function budgetFailures(reports: PageReport[]): string[] {
  return reports.flatMap((r) => [
    ...(r.gzipBytes > r.maxGzipBytes
      ? [`${r.name}: ${kb(r.gzipBytes)} of JavaScript (gzip), budget ${kb(r.maxGzipBytes)}`]
      : []),
    ...r.heavyFound.map((h) => `${r.name}: loads ${h} before it is opened`),
  ]);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A Vite plugin that prints the gzipped JavaScript each page loads first and fails the build when a
 * page breaks its budget or pulls in a heavy module (issue 7: login ≤ 150 KB, app shell ≤ 300 KB, the
 * map, the 3D viewer and PDF rendering only when opened).
 */
export function bundleBudget(options: BudgetOptions): Plugin {
  return {
    name: 'solar-bundle-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks: BudgetChunk[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.push({
          fileName: item.fileName,
          code: item.code,
          modules: Object.keys(item.modules),
          imports: item.imports,
          isEntry: item.isEntry,
          facadeModuleId: item.facadeModuleId ?? null,
        });
      }
      const reports = measurePages(chunks, options);
      const lines = reports.map((r) => {
        const missed = r.gzipBytes > r.targetGzipBytes ? `  target ${kb(r.targetGzipBytes)} NOT MET` : '';
        return `  ${r.name.padEnd(32)} ${kb(r.gzipBytes).padStart(10)} of ${kb(r.maxGzipBytes).padStart(9)}  (${r.files.length} files)${missed}`;
      });
      if (process.env.BUNDLE_DETAIL) {
        for (const r of reports) {
          const top = r.fileSizes.slice(0, 8).map(([f, b]) => `${kb(b).padStart(9)} ${f}`);
          console.log(`\n${r.name}:\n${top.join('\n')}`);
        }
      }
      console.log(`\nbundle budget (JavaScript loaded first, gzip):\n${lines.join('\n')}\n`);
      const failures = budgetFailures(reports);
      if (failures.length) this.error(`bundle budget broken:\n  ${failures.join('\n  ')}`);
    },
  };
}
