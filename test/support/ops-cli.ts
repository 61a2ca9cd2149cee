// The ops command line as `npm run ops` runs it (package.json): from its bundle, built again when a source changed
// (lib/local/run-bundled.mjs). Relative to the project root, the tests' working directory.
export const OPS_CLI = ['lib/local/run-bundled.mjs', 'lib/ops/cli.ts'];
