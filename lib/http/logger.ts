// Structured JSON logs (Powertools Logger); each request logs through a child carrying its request id.
import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '#lib/config.ts';

export const logger = new Logger({ serviceName: 'plaque-api', logLevel: config.LOG_LEVEL });

export const requestLogger = (requestId: string): Logger => logger.createChild({ persistentKeys: { requestId } });
