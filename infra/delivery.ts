// Feeds the delivery worker from the table's stream: bounded retries, batch bisection and a dead-letter queue.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENTITY } from '#lib/db/keys.ts';
import type { ApiFunction } from './api-function.ts';
import type { StageConfig } from './stages.ts';
import { acknowledge } from './nag.ts';

/**
 * Event filter: a delivery starts when an order item is inserted (its `entity` attribute, see lib/db/keys.ts);
 * updates, including the worker's own progress writes, and every other entity never invoke the worker.
 */
export function deliveryFilters(): Record<string, unknown>[] {
  return [
    lambda.FilterCriteria.filter({
      eventName: lambda.FilterRule.isEqual('INSERT'),
      dynamodb: { NewImage: { entity: { S: lambda.FilterRule.isEqual(ENTITY.order) } } },
    }),
  ];
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

    worker.function.addEventSource(
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
}
