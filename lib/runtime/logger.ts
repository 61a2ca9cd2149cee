// Structured JSON logs (Powertools Logger); each request logs through a view that adds its request id to every line.
// The local runtime at a terminal prints readable lines instead (lib/local/readable-log.ts installs the printer):
// that code is never imported by a function, so Lambda bundles and cold starts carry only the JSON path.
import { Logger, type LogItem } from '@aws-lambda-powertools/logger';
import { coreConfig } from '#lib/config.ts';

/** Prints one log entry (its attributes as Powertools would serialize them): the local runtime's readable lines. */
export type LogPrinter = (attributes: Record<string, unknown>) => void;

let printer: LogPrinter | null = null;

/** Powertools' logger, with one hook: when a printer is installed, entries go to it instead of a JSON line. */
class ServiceLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    if (!printer) return super.printLog(logLevel, log);
    log.prepareForPrint();
    printer(log.getAttributes());
  }
}

export const logger = new ServiceLogger({ serviceName: 'plaque-api', logLevel: coreConfig().LOG_LEVEL });

/** Installs the printer (null: back to JSON lines). */
export function printLogsWith(next: LogPrinter | null): void {
  printer = next;
}

type Extra = Record<string, unknown> | Error;

/** The logger a request uses: the process logger with the request id on every line. */
export interface RequestLog {
  debug(message: string, extra?: Extra): void;
  info(message: string, extra?: Extra): void;
  warn(message: string, extra?: Extra): void;
  error(message: string, extra?: Extra): void;
}

/**
 * Keys are passed per call rather than through a child logger or appendKeys: a child costs a logger construction
 * per request, and appended keys would leak between requests served concurrently by the local server.
 */
export function requestLogger(requestId: string): RequestLog {
  const withId = (extra?: Extra) => (extra instanceof Error ? { requestId, error: extra } : { requestId, ...extra });
  return {
    debug: (message, extra) => logger.debug(message, withId(extra)),
    info: (message, extra) => logger.info(message, withId(extra)),
    warn: (message, extra) => logger.warn(message, withId(extra)),
    error: (message, extra) => logger.error(message, withId(extra)),
  };
}
