// `npm start` prints one line per start-up step as it ends: its name, how long it took and what it did, so a slow or
// failing start shows where it stands. A step is any async function: `await startupStep('dashboard', build, (r) => …)`.

/** The longest step name (`catalogue snapshot`): the durations line up. */
const NAME_WIDTH = 18;

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Where the lines go: stdout, and a failed step's line to stderr. */
const write = (line: string, failed = false): void => {
  (failed ? process.stderr : process.stdout).write(`${line}\n`);
};

/**
 * Runs one step and prints `✓ <name>  <duration>  <summary>`, or `✗ <name>  <duration>  <error>` before rethrowing.
 * `summary` describes the result in a few words (where it listens, what it deployed, how many it seeded).
 */
export async function startupStep<T>(name: string, run: () => Promise<T> | T, summary?: (result: T) => string): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    const took = seconds(performance.now() - started);
    write(`✓ ${name.padEnd(NAME_WIDTH)} ${took.padStart(7)}  ${summary ? summary(result) : ''}`.trimEnd());
    return result;
  } catch (error) {
    const took = seconds(performance.now() - started);
    write(`✗ ${name.padEnd(NAME_WIDTH)} ${took.padStart(7)}  ${(error as Error).message}`, true);
    throw error;
  }
}
