// What the table stream's consumers (the delivery worker, the webhook event maker, the code mail sender) share: the
// dead-letter queue that keeps the stream coordinates of a batch that failed every retry, and the mapping that feeds
// a function's live alias with only the records its filter patterns match, the same patterns its local poller applies.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';

/**
 * A dead-letter queue: encrypted, TLS only, its letters kept 14 days, and kept with the stage's data. `destinationOf`
 * names what dead-letters into it, for the cdk-nag acknowledgement (a dead-letter queue has none of its own).
 */
export function deadLetterQueue(scope: Construct, id: string, stage: StageConfig, destinationOf: string): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
    removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  acknowledge(queue, [
    { id: 'AwsSolutions-SQS3', reason: `This queue is itself the dead-letter (on-failure) destination of ${destinationOf}.` },
  ]);
  return queue;
}

export interface TableStreamFeed {
  /** Event filter patterns (at most 5), the ones the function's local poller applies. */
  patterns: readonly object[];
  /** Where the coordinates of a batch that failed every retry go. */
  deadLetters: sqs.IQueue;
  batchSize: number;
  retryAttempts: number;
  maxRecordAge: Duration;
  /** How long the mapping gathers records before it invokes, unless `batchSize` came first (default: none). */
  maxBatchingWindow?: Duration;
  /**
   * Batches of one shard processed at once (default 1: each item's changes in the order they happened). Records of one
   * item (one partition key) still go to the same batch processor, in order.
   */
  parallelizationFactor?: number;
}

/**
 * Feeds the function's live alias from the table stream: a canary that rolls back takes the background work back with
 * it. From the oldest record kept, so a record written while the mapping was being (re)created is not skipped (every
 * consumer finds work already done and does nothing twice); a failing batch is split to find the failing record, and
 * one batch a shard at a time keeps each item's changes in the order they happened.
 */
export function feedFromTableStream(fn: ApiFunction, table: dynamodb.ITable, feed: TableStreamFeed): void {
  fn.live.addEventSource(
    new DynamoEventSource(table, {
      startingPosition: lambda.StartingPosition.TRIM_HORIZON,
      batchSize: feed.batchSize,
      retryAttempts: feed.retryAttempts,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      maxRecordAge: feed.maxRecordAge,
      parallelizationFactor: feed.parallelizationFactor ?? 1,
      ...(feed.maxBatchingWindow && { maxBatchingWindow: feed.maxBatchingWindow }),
      onFailure: new SqsDlq(feed.deadLetters),
      filters: feed.patterns.map((pattern) => lambda.FilterCriteria.filter(structuredClone(pattern) as Record<string, unknown>)),
    }),
  );
  acknowledge(fn.role, [
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams (stream event source) and the X-Ray actions (active tracing) accept no resource-level permissions; stream reads themselves are scoped to the table stream ARN.',
    },
  ]);
}
