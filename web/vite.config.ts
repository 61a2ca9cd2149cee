// The partner dashboard's build: a static single-page app served under /dashboard/ (by the local server, and by the
// stage's CloudFront distribution), its JavaScript in files only (the pages' Content-Security-Policy allows no inline
// script or style).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export const DASHBOARD_BASE = '/dashboard/';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: DASHBOARD_BASE,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Modern browsers preload modules themselves; the polyfill would be one more script to allow.
    modulePreload: { polyfill: false },
    // Every asset a file of its own: data: URLs would need their own CSP allowance.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
