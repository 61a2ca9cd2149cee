// The consumers of the table's stream npm start runs over DynamoDB Local, each with the filter its AWS event source
// mapping has and its folder of checkpoints and dead letters under DATA_DIR/streams: one list for npm start and for an
// ops command that moves their checkpoints past records none of them wants.
import { resolve } from 'node:path';
import { CODE_MAIL_STREAM_FILTERS } from '#lib/accounts/code-mail-stream.ts';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import type { StoppedConsumer } from '#lib/local/stream-poller.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';

/** The delivery worker's folder is DATA_DIR/streams itself (its reconciler reads the dead letters there). */
export const deliveryStreamDir = (dataDir: string) => resolve(dataDir, 'streams');
export const codeMailStreamDir = (dataDir: string) => resolve(dataDir, 'streams', 'code-mail');
export const orderEventStreamDir = (dataDir: string) => resolve(dataDir, 'streams', 'order-events');

/** Every consumer npm start runs on the data folder. */
export const localStreamConsumers = (dataDir: string): StoppedConsumer[] => [
  { stateDir: deliveryStreamDir(dataDir), filters: DELIVERY_STREAM_FILTERS },
  { stateDir: codeMailStreamDir(dataDir), filters: CODE_MAIL_STREAM_FILTERS },
  { stateDir: orderEventStreamDir(dataDir), filters: EVENT_STREAM_FILTERS },
];
