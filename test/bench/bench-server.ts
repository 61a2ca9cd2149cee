// The bench's server: test/bench/serve.ts in its own process (so the load generator does not share its event loop), on
// a table of DynamoDB Local and, when given, the catalogue snapshot its listing starts from.
import { spawn } from 'node:child_process';

export async function startBenchServer(options: { endpoint: string; tableName: string; snapshot?: string; stalenessMs?: number }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/serve.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'WARN',
      BENCH_DYNAMODB_ENDPOINT: options.endpoint,
      BENCH_TABLE: options.tableName,
      ...(options.snapshot !== undefined && { BENCH_SNAPSHOT: options.snapshot }),
      ...(options.stalenessMs !== undefined && { BENCH_STALENESS_MS: String(options.stalenessMs) }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) done(match[1]!);
    });
    child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
