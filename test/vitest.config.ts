// Test runner configuration: DynamoDB Local is started once per run; each test file makes its own table.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Paths below are relative to the project root, one folder up from this file.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    // Browser tests need Chromium and run on their own: `npm run test:browser` (test/vitest.browser.config.ts).
    exclude: ['test/browser/**', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    // Every answer of the local server is held to the OpenAPI document.
    setupFiles: ['test/support/openapi-responses.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'SILENT' },
  },
});
