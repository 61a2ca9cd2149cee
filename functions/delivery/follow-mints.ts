// The follower, woken by its SQS queue (lib/delivery/follow-queue.ts): follows the mint batches its messages name until
// they are mined and recorded, or dead, or the run is half over; those still in flight wake it again a block later.
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { batchOfMessage } from '#lib/delivery/follow-queue.ts';
import { followAndWake } from '#lib/delivery/follow-signing.ts';
import { appContext } from '#lib/runtime/context.ts';

export const handler = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
  followAndWake(
    appContext(),
    event.Records.map((record) => ({ id: record.messageId, batchId: batchOfMessage(record.body) })),
    context ? { deadline: Date.now() + context.getRemainingTimeInMillis() } : {},
  );
