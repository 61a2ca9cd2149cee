// Feeds the delivery worker from the table's stream: bounded retries, batch bisection and a dead-letter queue.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { ENV, type ApiFunction } from './api-function.ts';
import type { StageConfig } from './stages.ts';
import { acknowledge } from './nag.ts';

/**
 * Event filter: the same patterns the local poller applies (lib/delivery/stream-filter.ts) — order items whose new
 * image is SOLD, inserted by a buy or set back by an operator's re-queue. The worker's own progress writes and every
 * other entity never invoke it.
 */
function deliveryFilters(): Record<string, unknown>[] {
  return DELIVERY_STREAM_FILTERS.map((pattern) => lambda.FilterCriteria.filter(structuredClone(pattern) as Record<string, unknown>));
}

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
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the dead-letter (on-failure) destination of the delivery worker’s stream mapping.',
      },
    ]);

    worker.live.addEventSource(
      new DynamoEventSource(table, {
        // Never skip a sold order, even one written before the mapping existed; the worker is idempotent
        // (stream delivery is at-least-once anyway).
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: stage.delivery.batchSize,
        retryAttempts: stage.delivery.retryAttempts,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        maxRecordAge: Duration.hours(stage.delivery.maxRecordAgeHours),
        parallelizationFactor: 1,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: deliveryFilters(),
      }),
    );
    acknowledge(worker.role, [
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'dynamodb:ListStreams (stream event source) and the X-Ray actions (active tracing) accept no resource-level permissions; stream reads themselves are scoped to the table stream ARN.',
      },
    ]);
  }

  /** Lets a function read letters and delete the ones it handled (nothing else on the queue), and tells it where. */
  grantDeadLetters(fn: ApiFunction): void {
    this.deadLetterQueue.grantConsumeMessages(fn.function);
    fn.function.addEnvironment(ENV.deliveryDlqUrl, this.deadLetterQueue.queueUrl);
  }
}
