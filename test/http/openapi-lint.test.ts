// The published document passes two independent OpenAPI linters with nothing unexpected to report: Redocly CLI's recommended
// rules and Spectral's `spectral:oas` ruleset. Both run offline, without telemetry.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#lib/http/openapi.ts';
import { projectRoot } from '../../infra/bundling.ts';

const run = promisify(execFile);
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);
const quiet = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  SCARF_ANALYTICS: 'false',
  DO_NOT_TRACK: '1',
  NO_COLOR: '1',
};

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'plaque-openapi-'));
  file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(openApiDocument('http://127.0.0.1:3000'), null, 2));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a linter; a non-zero exit still yields its report. */
async function lint(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { cwd: dir, env: quiet, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  }
}

describe('the OpenAPI document under lint', () => {
  it('has no error and only the expected warning under Redocly CLI recommended rules', async () => {
    const output = await lint(bin('redocly'), ['lint', '--extends', 'recommended', '--format', 'json', file]);
    const report = JSON.parse(output.slice(output.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const found = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    // Expected, and only this: the rule takes a parameter as matching a fixed segment, but a fixed segment is chosen first
    // (API Gateway, the local server: lib/http/routes.ts), so `/plaques/by-name/x` never reaches `/plaques/{id}/activity`.
    expect(found).toEqual([
      'no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: `/plaques/by-name/{name}` and `/plaques/{id}/activity`. at #/paths/~1plaques~1{id}~1activity',
    ]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 1 });
  }, 120_000);

  it("has no error and no warning under Spectral's spectral:oas ruleset", async () => {
    const ruleset = path.join(projectRoot, 'test', 'http', 'spectral.yaml');
    const output = await lint(bin('spectral'), ['lint', '--ruleset', ruleset, '--format', 'json', '--quiet', file]);
    const results = JSON.parse(output.trim() === '' ? '[]' : output.slice(output.indexOf('['))) as {
      code: string;
      message: string;
      severity: number;
      path: string[];
    }[];
    // Severity 0 errors, 1 warnings, 2 information, 3 hints: errors and warnings count.
    const found = results.filter((r) => r.severity <= 1).map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
    expect(found).toEqual([]);
  }, 120_000);
});
