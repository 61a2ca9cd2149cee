// Test runner configuration: DynamoDB Local is started once per run; each test file makes its own table.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Paths below are relative to the project root, one folder up from this file.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    // Type tests (test/**/*.test-d.ts): what the compiler must accept and refuse, each a test of the run. Checked with
    // tsgo, as `npm run typecheck` is: the same verdicts (a wrong type, an unused @ts-expect-error), about 40 s less CPU.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], checker: 'tsgo', tsconfig: 'tsconfig.json' },
    // Browser tests need Chromium and run on their own: `npm run test:browser` (test/vitest.browser.config.ts).
    exclude: ['test/browser/**', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    // Every answer of the local server is held to the OpenAPI document; the tables a file made are dropped at its end.
    setupFiles: ['test/support/openapi-responses.ts', 'test/support/drop-tables.ts'],
    // Files mostly wait (on DynamoDB Local, anvil, sockets and child processes), so more files than cores run at once:
    // vitest's default of one fewer worker than cores would run one file at a time on a 2-core machine. Each file
    // has its own table and mints on its own contract (test/support), so files do not see each other's data.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The AWS SDK's notice about Node 20 would repeat in every file's output (lib/runtime/node-support.ts).
    // DYNAMODB_LOCAL_JAVA_OPTIONS: the databases the test files start (each `npm start` and ops command they run, and
    // their own) compile their Java quickly rather than best: a life of seconds never repays the full compiler, which
    // used half of an `npm start`'s CPU in DynamoDB Local (docs/test-suite-time.md). The run's shared database, started
    // by the global setup, which this environment does not reach, keeps the best compiler, which its 15 minutes repay.
    env: {
      LOG_LEVEL: 'SILENT',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      DYNAMODB_LOCAL_JAVA_OPTIONS: '-XX:TieredStopAtLevel=1',
    },
  },
});
