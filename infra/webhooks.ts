// Order events for partners' webhooks: the KMS key that seals endpoint secrets, the sender's wake-up queue (SQS with
// per-message delay; docs/webhooks.md says why SQS), the second stream consumer that makes events,
// their dead-letter queues, and the alarms an operator acts on.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WEBHOOK_ATTEMPT_FAILED_MESSAGE, WEBHOOK_EVENT_FAILED_MESSAGE } from '#lib/webhooks/log-events.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import { alarmMaker, atLeast, deadLetterDepth, fallingBehind, functionErrors } from './alarms.ts';
import type { ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';
import { deadLetterQueue, feedFromTableStream } from './table-stream.ts';

/** Environment variables the webhook grants set (lib/config.ts `webhookConfig`). */
export const WEBHOOK_ENV = { queueUrl: 'WEBHOOK_QUEUE_URL', keyArn: 'WEBHOOK_KEY_ARN' } as const;

/** The sender's timeout (the manifest's); SQS keeps a received message invisible for six times it, as Lambda advises. */
const SENDER_TIMEOUT = Duration.seconds(120);
/** Receives of one wake-up before it is dead-lettered: the sender failed to serve its lane five times over. */
export const WAKEUP_MAX_RECEIVES = 5;
/** An endpoint whose event failed this many attempts in a row (over half an hour of failures) raises an alarm. */
export const FAILING_ENDPOINT_ATTEMPTS = 4;

const PERIOD = Duration.minutes(5);

export class Webhooks extends Construct {
  readonly key: kms.Key;
  readonly queue: sqs.Queue;
  /** Wake-ups the sender could not handle WAKEUP_MAX_RECEIVES times (redrive them to the queue once fixed). */
  readonly wakeupDeadLetters: sqs.Queue;
  /** Stream coordinates of order moves whose events could not be made after every retry. */
  readonly eventDeadLetters: sqs.Queue;
  private readonly stage: StageConfig;

  constructor(scope: Construct, id: string, { stage }: { stage: StageConfig }) {
    super(scope, id);
    this.stage = stage;
    const removalPolicy = stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.key = new kms.Key(this, 'SecretsKey', {
      description: `${stage.stackName} webhook endpoint secrets`,
      enableKeyRotation: true,
      // Without it every stored secret is unreadable: partners would have to register their endpoints again.
      removalPolicy,
    });

    this.wakeupDeadLetters = deadLetterQueue(this, 'WakeupDeadLetters', stage, 'the sender’s wake-up queue');
    this.eventDeadLetters = deadLetterQueue(this, 'EventDeadLetters', stage, 'the webhook event maker’s stream mapping');

    this.queue = new sqs.Queue(this, 'Wakeups', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(SENDER_TIMEOUT.toSeconds() * 6),
      // A wake-up waits at most 15 minutes before it is handled or put back; four days leaves room for an outage.
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.wakeupDeadLetters, maxReceiveCount: WAKEUP_MAX_RECEIVES },
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  /** Wakes the sender: sends messages to the wake-up queue. */
  grantWakeups(fn: ApiFunction): void {
    this.queue.grantSendMessages(fn.function);
    fn.function.addEnvironment(WEBHOOK_ENV.queueUrl, this.queue.queueUrl);
  }

  /** Seals new endpoint secrets (Encrypt) or opens them to sign (Decrypt) with the webhook key, and nothing else. */
  grantSecrets(fn: ApiFunction, mode: 'seal' | 'open'): void {
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: [mode === 'seal' ? 'kms:Encrypt' : 'kms:Decrypt'], resources: [this.key.keyArn] }),
    );
    fn.function.addEnvironment(WEBHOOK_ENV.keyArn, this.key.keyArn);
  }

  /** Feeds the event maker from the table's stream and the sender from the wake-up queue. */
  connect({ table, eventMaker, sender }: { table: dynamodb.ITable; eventMaker: ApiFunction; sender: ApiFunction }): void {
    // Order moves (lib/webhooks/stream-filter.ts); a duplicate record makes no second event, and one batch a shard at a
    // time makes an order's moves into events in the order they happened.
    feedFromTableStream(eventMaker, table, {
      patterns: EVENT_STREAM_FILTERS,
      deadLetters: this.eventDeadLetters,
      batchSize: 100,
      retryAttempts: 10,
      maxRecordAge: Duration.hours(6),
    });
    // Like the stream, the queue feeds the live alias: a canary that rolls back takes the sending back with it.
    sender.live.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 20 }));
    acknowledge(sender.role, [
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'The X-Ray actions (active tracing) accept no resource-level permissions; queue reads are scoped to the queue ARN.',
      },
    ]);
  }

  /** The alarms, on the stage's alarm topic. */
  alarmOn(topic: sns.ITopic, { eventMaker, sender }: { eventMaker: ApiFunction; sender: ApiFunction }): cloudwatch.Alarm[] {
    const alarms: cloudwatch.Alarm[] = [];
    const make = alarmMaker(this, this.stage, topic);
    const add = (...args: Parameters<typeof make>) => void alarms.push(make(...args));
    const metricOf = (filterId: string, message: string, metricValue: string) =>
      new logs.MetricFilter(this, filterId, {
        logGroup: sender.logGroup,
        filterPattern: logs.FilterPattern.stringValue('$.message', '=', message),
        metricNamespace: `PlaqueApi/${this.stage.name}`,
        metricName: filterId,
        metricValue,
        defaultValue: 0,
      });

    // Each failed attempt counts its number: the maximum is the longest run of failures of any endpoint right now.
    add(
      'WebhookEndpointFailing',
      `A webhook endpoint failed ${FAILING_ENDPOINT_ATTEMPTS} attempts of one event in a row (see infra/DEPLOY.md)`,
      {
        ...atLeast(FAILING_ENDPOINT_ATTEMPTS),
        metric: metricOf('WebhookFailedAttempt', WEBHOOK_ATTEMPT_FAILED_MESSAGE, '$.attempt').metric({
          period: PERIOD,
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
      },
    );
    add('WebhookEventsFailed', 'Webhook events given up after their last retry, recorded as failed in the delivery log', {
      ...atLeast(),
      metric: metricOf('WebhookFailedEvents', WEBHOOK_EVENT_FAILED_MESSAGE, '1').metric({
        period: PERIOD,
        statistic: cloudwatch.Stats.SUM,
      }),
    });
    add('WebhookWakeupDlqDepth', 'Webhook lanes the sender could not serve five times over: redrive the dead letters once fixed', {
      ...atLeast(),
      metric: deadLetterDepth(this.wakeupDeadLetters),
    });
    add('WebhookEventDlqDepth', 'Order moves whose webhook events could not be made after every retry', {
      ...atLeast(),
      metric: deadLetterDepth(this.eventDeadLetters),
    });
    add('WebhookSenderErrors', 'Webhook sender invocations that failed', {
      ...atLeast(this.stage.alarms.workerErrors),
      metric: functionErrors(sender),
    });
    add(
      'WebhookEventsIteratorAge',
      'The webhook event maker falling behind the table stream',
      fallingBehind(eventMaker, this.stage.alarms.workerIteratorAgeSeconds * 1000),
    );
    return alarms;
  }
}
