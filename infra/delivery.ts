// Feeds the sender sold orders from the table's stream in batches of up to a mint transaction's worth, gathered at most
// a fraction of a block (bounded retries, batch bisection, a dead-letter queue); and wakes the follower of mint batches
// from its SQS queue (each message a batch to look at after a delay; a dead-letter queue for messages that failed every
// receive). A queue rather than one more reader of the table's stream: DynamoDB advises two readers a shard, and the
// stream has three already.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { ENV, type ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';
import { deadLetterQueue, feedFromTableStream } from './table-stream.ts';

export interface DeliveryProps {
  stage: StageConfig;
  table: dynamodb.ITable;
  worker: ApiFunction;
  follower: ApiFunction;
}

/** The follower's timeout (the manifest's); SQS keeps a received message invisible for six times it, as Lambda advises. */
const FOLLOWER_TIMEOUT = Duration.seconds(120);
/** Receives of one message before it is dead-lettered: the follower failed on that batch five runs over. */
const FOLLOW_MAX_RECEIVES = 5;
/** Follower runs at once at most: each follows up to ten batches (a message each) until they are mined. */
const FOLLOWER_CONCURRENCY = 10;

export class Delivery extends Construct {
  readonly deadLetterQueue: sqs.Queue;
  /** Wakes the follower: one message per batch in flight, delivered after a delay. */
  readonly followQueue: sqs.Queue;
  readonly followerDeadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, { stage, table, worker, follower }: DeliveryProps) {
    super(scope, id);

    // Holds the stream coordinates (not the records) of batches that failed every retry; the records are
    // re-read from the stream (24 h) or found by order status afterwards.
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', stage, 'the delivery worker’s stream mapping');
    // Only order items whose new image is SOLD (lib/delivery/stream-filter.ts), inserted by a buy or set back by an
    // operator's re-queue: the worker's own progress writes and every other entity never invoke it. No sold order is
    // skipped, even one written before the mapping existed; the worker is idempotent (the stream delivers at least
    // once).
    // Gathered up to a batch's worth, for at most a fraction of a block: a lone order waits less than a block for company.
    if (stage.delivery.batchWindowSeconds > stage.chain.blockSeconds) {
      throw new Error(`stage ${stage.name}: delivery.batchWindowSeconds exceeds one block (chain.blockSeconds)`);
    }
    feedFromTableStream(worker, table, {
      patterns: DELIVERY_STREAM_FILTERS,
      deadLetters: this.deadLetterQueue,
      batchSize: stage.delivery.batchSize,
      maxBatchingWindow: Duration.seconds(stage.delivery.batchWindowSeconds),
      retryAttempts: stage.delivery.retryAttempts,
      maxRecordAge: Duration.hours(stage.delivery.maxRecordAgeHours),
    });

    // The sender wakes the follower for each batch it sends, the follower itself for the batches it leaves in flight,
    // the reconciler for every batch in flight each minute. Several runs at once: one waits for its batches' blocks,
    // the next batches need not wait for it. A message is a look, so a duplicate costs a look and nothing more.
    this.followerDeadLetters = deadLetterQueue(this, 'FollowerDeadLetters', stage, 'the mint follower’s queue');
    this.followQueue = new sqs.Queue(this, 'FollowQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(FOLLOWER_TIMEOUT.toSeconds() * 6),
      // A batch in flight is woken again every minute by the reconciler: a day of messages is more than enough.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.followerDeadLetters, maxReceiveCount: FOLLOW_MAX_RECEIVES },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Like the stream, the queue feeds the live alias: a canary that rolls back takes the following back with it.
    follower.live.addEventSource(
      new SqsEventSource(this.followQueue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: FOLLOWER_CONCURRENCY }),
    );
    acknowledge(follower.role, [
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'The X-Ray actions (active tracing) accept no resource-level permissions; queue reads are scoped to the queue ARN.',
      },
    ]);
  }

  /** Lets a function wake the follower (send messages to its queue), and tells it where. */
  grantFollowWakeups(fn: ApiFunction): void {
    this.followQueue.grantSendMessages(fn.function);
    fn.function.addEnvironment(ENV.mintFollowQueueUrl, this.followQueue.queueUrl);
  }

  /** Lets a function read letters and delete the ones it handled (nothing else on the queue), and tells it where. */
  grantDeadLetters(fn: ApiFunction): void {
    this.deadLetterQueue.grantConsumeMessages(fn.function);
    fn.function.addEnvironment(ENV.deliveryDlqUrl, this.deadLetterQueue.queueUrl);
  }
}
