// Structured JSON logs (Powertools Logger); each request logs through a view that adds its request id to every line.
import { Logger } from '@aws-lambda-powertools/logger';
import { coreConfig } from '#lib/config.ts';

export const logger = new Logger({ serviceName: 'plaque-api', logLevel: coreConfig().LOG_LEVEL });

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
