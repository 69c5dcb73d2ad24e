import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA. In development `/api` is proxied to the API on port 3000; `vite build` writes `dist/`,
 * which the API serves in production. Paths are relative to this folder (Vite's root).
 */
export default defineConfig({
  plugins: [react()],
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
  },
});
