// Readable log lines for the local runtime at a terminal: `14:03:22.118 INFO  GET /plaques/featured 200 12 ms
// 1b7c…` for a request, `time level message key=value …` for anything else. In AWS, and locally with
// LOG_FORMAT=json or when the output is not a terminal, the logger keeps Powertools' structured JSON lines.
import { localConfig } from '#lib/config.ts';
import { printLogsWith } from '#lib/runtime/logger.ts';

/** Attributes every entry carries, which a line shows in its own place or not at all. */
const SHOWN_APART = new Set(['timestamp', 'level', 'message', 'service', 'sampling_rate', 'xray_trace_id', 'requestId', 'error']);
/** Request entries: the access fields the handler stack and the local server log (method and path name the operation). */
const REQUEST_FIELDS = new Set(['method', 'path', 'status', 'durationMs', 'code', 'operation']);

const two = (n: number) => String(n).padStart(2, '0');

function clock(timestamp: unknown): string {
  const at = typeof timestamp === 'string' ? new Date(timestamp) : new Date();
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
}

const shown = (value: unknown): string => (typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value));

/** One entry as a line (two or more when it carries an error's stack). */
export function readableLine(attributes: Record<string, unknown>): string {
  const level = String(attributes.level ?? 'INFO').padEnd(5);
  const parts = [clock(attributes.timestamp), level];
  const isRequest = typeof attributes.method === 'string' && typeof attributes.path === 'string';
  if (isRequest) {
    parts.push(String(attributes.method), String(attributes.path), String(attributes.status ?? '-'));
    if (typeof attributes.durationMs === 'number') parts.push(`${attributes.durationMs} ms`);
    if (attributes.code) parts.push(String(attributes.code));
    if (attributes.message !== 'request') parts.push(`(${String(attributes.message)})`);
  } else parts.push(String(attributes.message ?? ''));
  for (const [key, value] of Object.entries(attributes)) {
    if (SHOWN_APART.has(key) || (isRequest && REQUEST_FIELDS.has(key)) || value === undefined) continue;
    parts.push(`${key}=${shown(value)}`);
  }
  if (attributes.requestId) parts.push(String(attributes.requestId));
  const error = attributes.error as { name?: string; message?: string; stack?: string } | undefined;
  const line = parts.join(' ');
  if (!error) return line;
  const stack = error.stack ?? `${error.name ?? 'Error'}: ${error.message ?? ''}`;
  return `${line}\n${stack.replace(/^/gm, '  ')}`;
}

/**
 * Installs readable lines when the output is a terminal, unless LOG_FORMAT says otherwise (`json`: structured JSON
 * lines; `text`: readable lines even into a pipe or a file). Warnings and errors go to stderr, the rest to stdout.
 */
export function useReadableLogs(): 'text' | 'json' {
  const format = localConfig().LOG_FORMAT ?? (process.stdout.isTTY ? 'text' : 'json');
  if (format === 'text') {
    printLogsWith((attributes) => {
      const stream =
        attributes.level === 'WARN' || attributes.level === 'ERROR' || attributes.level === 'CRITICAL' ? process.stderr : process.stdout;
      stream.write(`${readableLine(attributes)}\n`);
    });
  }
  return format;
}
