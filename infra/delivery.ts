// Feeds the delivery worker from the table's stream: bounded retries, batch bisection and a dead-letter queue.
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { ENV, type ApiFunction } from './api-function.ts';
import type { StageConfig } from './stages.ts';
import { deadLetterQueue, feedFromTableStream } from './table-stream.ts';

export interface DeliveryProps {
  stage: StageConfig;
  table: dynamodb.ITable;
  worker: ApiFunction;
}

export class Delivery extends Construct {
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, { stage, table, worker }: DeliveryProps) {
    super(scope, id);

    // Holds the stream coordinates (not the records) of batches that failed every retry; the records are
    // re-read from the stream (24 h) or found by order status afterwards.
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', stage, 'the delivery worker’s stream mapping');
    // Only order items whose new image is SOLD (lib/delivery/stream-filter.ts), inserted by a buy or set back by an
    // operator's re-queue: the worker's own progress writes and every other entity never invoke it. No sold order is
    // skipped, even one written before the mapping existed; the worker is idempotent (the stream delivers at least
    // once).
    feedFromTableStream(worker, table, {
      patterns: DELIVERY_STREAM_FILTERS,
      deadLetters: this.deadLetterQueue,
      batchSize: stage.delivery.batchSize,
      retryAttempts: stage.delivery.retryAttempts,
      maxRecordAge: Duration.hours(stage.delivery.maxRecordAgeHours),
    });
  }

  /** Lets a function read letters and delete the ones it handled (nothing else on the queue), and tells it where. */
  grantDeadLetters(fn: ApiFunction): void {
    this.deadLetterQueue.grantConsumeMessages(fn.function);
    fn.function.addEnvironment(ENV.deliveryDlqUrl, this.deadLetterQueue.queueUrl);
  }
}
