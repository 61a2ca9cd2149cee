// `npm run test:browser`: the tests that drive a real browser (Debian's chromium), with the same global setup as `npm test`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Paths below are relative to the project root, one folder up from this file.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'SILENT' },
  },
});
