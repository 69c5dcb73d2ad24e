import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundle-budget.ts';
import { precompress } from './build/precompress.ts';

const KB = 1024;
/** Screens that must not load the map, the 3D viewer or PDF rendering before the user opens them. */
const SCREEN = 500 * KB;
/** The shared texts of the default language, loaded before the first render. */
const GERMAN = 'src/i18n/de.json';
/**
 * What every route but the login loads before its first render: the data layer (query cache, API client,
 * session guards) and the feature texts of the default language (src/app/router.tsx).
 */
const SIGNED_IN = ['src/app/data-layer.tsx', 'src/i18n/bundle-de.ts', GERMAN];

/**
 * The SPA. In development `/api` is proxied to the API on port 3000; `vite build` writes `dist/`,
 * which the API serves in production, and prints what each page loads first against its budget
 * (build/bundle-budget.ts; the build fails when one breaks). Paths are relative to this folder.
 */
export default defineConfig({
  plugins: [
    react(),
    bundleBudget({
      pages: [
        // Issue 7: the login (the entry, which holds it, and its texts) at most 150 KB (bench/README.md).
        { name: 'login', lazy: [GERMAN], maxGzipBytes: 150 * KB },
        { name: 'app shell', lazy: ['src/layout/app-shell.tsx', ...SIGNED_IN], maxGzipBytes: 300 * KB },
        ...(
          [
            ['dashboard', 'dashboard/dashboard-page.tsx'],
            ['listing', 'listing/listing-page.tsx'],
            ['status view', 'overview/overview-page.tsx'],
            ['project view', 'project-view/project-view-page.tsx'],
            ['product catalogue', 'products/product-page.tsx'],
            ['settings', 'profile/profile-page.tsx'],
            ['board', 'board/board-page.tsx'],
          ] as const
        ).map(([name, page]) => ({
          name: `app shell + ${name}`,
          lazy: ['src/layout/app-shell.tsx', ...SIGNED_IN, `src/features/${page}`],
          maxGzipBytes: SCREEN,
        })),
      ],
      heavy: [
        { name: 'the map (Leaflet)', pattern: /node_modules\/(leaflet|supercluster)\// },
        { name: 'the 3D viewer (three.js)', pattern: /node_modules\/three\// },
        { name: 'PDF rendering', pattern: /node_modules\/(pdfjs-dist|react-pdf|@react-pdf)\// },
      ],
    }),
    // Brotli and gzip forms of every script, style and page, made once here (decision 0016).
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budgets that count are bundleBudget's, per route and gzipped. Vite's own warning (500 kB
    // minified, any chunk) fired on the 3D viewer, which only /3D and the file manager load, and
    // told whoever ran `npm start` to split code that is split already.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: Rolldown otherwise splits the modules the
        // entry shares with lazy screens into some twenty small files, whose overhead cost the login
        // about 8 KB gzipped and every other page as much.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
});
