// The webhook sender, fed by the wake-up queue (SQS in AWS, the local runtime's folder locally): sends each woken
// lane's due events to their endpoint and records every attempt.
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { appContext } from '#lib/runtime/context.ts';
import { serveWakeups } from '#lib/webhooks/sender.ts';

export const handler = async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> =>
  // The run's deadline: no attempt is begun that could outlast it (its lanes are woken again at once instead).
  serveWakeups(appContext(), event.Records, context ? { deadline: Date.now() + context.getRemainingTimeInMillis() } : {});
