// Lint: typescript-eslint's recommended rules, and the layers of the code as import boundaries (see README "Layout").
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The layers, by folder. A handler (functions/) calls the domain; the domain (lib/<area>/) calls repositories
 * (lib/db/); only the HTTP layer (lib/http/) turns errors into problems. The local runtime (lib/local/) stands in
 * for AWS on a developer machine and is never part of a deployed function. infra/ reads the operation manifest
 * and the table definition, nothing else of lib/.
 */
const elements = [
  { type: 'functions', pattern: 'functions', partialMatch: false },
  { type: 'http', pattern: 'lib/http', partialMatch: false },
  { type: 'db', pattern: 'lib/db', partialMatch: false },
  { type: 'local', pattern: 'lib/local', partialMatch: false },
  { type: 'ops', pattern: 'lib/ops', partialMatch: false },
  { type: 'runtime', pattern: 'lib/runtime', partialMatch: false },
  { type: 'domain', pattern: 'lib/*', partialMatch: false },
  { type: 'infra', pattern: 'infra', partialMatch: false },
  { type: 'test', pattern: 'test', partialMatch: false },
];

const deployed = ['functions', 'http', 'db', 'runtime', 'domain'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'cdk.out/',
      '.data/',
      '.bench/',
      '.build/',
      'coverage/',
      'lib/chain/generated/',
      'packages/client/src/generated/',
      'web/dist/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value taken apart on purpose (e.g. key attributes dropped from a stored item).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    // Tests read answers whose shape they are checking; `any` there is the honest type.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The CDK app reads the operation manifest and the table definition, plus the few declarations a deployed resource
    // must match byte for byte (the problem body of API Gateway's own answers, the stream filters and log events of the
    // delivery worker and of the webhook event maker and sender, the snapshot's object key, the partner dashboard's
    // Content-Security-Policy and config.json, the media answers' security headers, the stack and secret names the ops
    // commands look up, the contract record deploy-contract writes). Anything else it needs belongs in the manifest entry.
    files: ['infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^#lib/(?!(http/routes|http/function-access|db/table|http/problem|delivery/stream-filter|delivery/log-events|webhooks/stream-filter|webhooks/log-events|plaques/catalog-snapshot-store|accounts/code-mail-stream|partner/dashboard-page|media/serving-headers|ops/stage-secrets|chain/contract-record|http/cors|http/rate-limit)\\.ts$)',
              message: 'infra/ reads the operation manifest (lib/http/routes.ts) and the table definition (lib/db/table.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts', 'lib/**/*.ts', 'infra/**/*.ts', 'test/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'boundaries/include': ['functions/**', 'lib/**', 'infra/**', 'test/**'],
      'boundaries/elements': elements,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            // The domain speaks in domain errors; only the HTTP layer knows problems, requests and responses.
            { from: { element: { type: 'domain' } }, disallow: { to: { element: { type: 'http' } } } },
            // Repositories hold no domain rule and no HTTP: they may name domain types, never call domain code.
            {
              from: { element: { type: 'db' } },
              disallow: { to: { element: { types: { anyOf: ['http', 'domain'] } } }, dependency: { kind: 'value' } },
            },
            // Deployed code never reaches the local runtime.
            { from: { element: { types: { anyOf: [...deployed, 'infra'] } } }, disallow: { to: { element: { type: 'local' } } } },
            // A handler calls the domain, which calls the repositories.
            { from: { element: { type: 'functions' } }, disallow: { to: { element: { type: 'db' } } } },
            // lib/ never imports a handler, the CDK app or a test.
            {
              from: { element: { types: { anyOf: ['http', 'db', 'domain', 'runtime', 'local', 'ops'] } } },
              disallow: { to: { element: { types: { anyOf: ['functions', 'infra', 'test'] } } } },
            },
          ],
        },
      ],
    },
  },
);
