// Test runner configuration: DynamoDB Local is started once per run; each test file makes its own table.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Browser tests need Chromium and run on their own: `npm run test:browser` (vitest.browser.config.ts).
    exclude: ['test/browser/**', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'SILENT' },
  },
});
