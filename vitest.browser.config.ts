// `npm run test:browser`: the tests that drive a real browser (Debian's chromium), with the same global setup as `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'SILENT' },
  },
});
