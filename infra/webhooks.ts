// Order events for partners' webhooks: the KMS key that seals endpoint secrets, the sender's wake-up queue (SQS with
// per-message delay; README "Order events for partners" says why SQS), the second stream consumer that makes events,
// their dead-letter queues, and the alarms an operator acts on.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WEBHOOK_ATTEMPT_FAILED_MESSAGE, WEBHOOK_EVENT_FAILED_MESSAGE } from '#lib/webhooks/log-events.ts';
import { ORDER_EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import type { ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';

/** Environment variables the webhook grants set (lib/config.ts `webhookConfig`). */
export const WEBHOOK_ENV = { queueUrl: 'WEBHOOK_QUEUE_URL', keyArn: 'WEBHOOK_KEY_ARN' } as const;

/** The sender's timeout (the manifest's); SQS keeps a received message invisible for six times it, as Lambda advises. */
const SENDER_TIMEOUT = Duration.seconds(120);
/** Receives of one wake-up before it is dead-lettered: the sender failed to serve its lane five times over. */
export const WAKEUP_MAX_RECEIVES = 5;
/** An endpoint whose event failed this many attempts in a row (over half an hour of failures) raises an alarm. */
export const FAILING_ENDPOINT_ATTEMPTS = 4;

const PERIOD = Duration.minutes(5);

/** Event filter: the same patterns the local poller applies (lib/webhooks/stream-filter.ts). */
function orderEventFilters(): Record<string, unknown>[] {
  return ORDER_EVENT_STREAM_FILTERS.map((pattern) => lambda.FilterCriteria.filter(structuredClone(pattern) as Record<string, unknown>));
}

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

    const deadLetters = (queueId: string) =>
      new sqs.Queue(this, queueId, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy,
      });
    this.wakeupDeadLetters = deadLetters('WakeupDeadLetters');
    this.eventDeadLetters = deadLetters('EventDeadLetters');
    for (const queue of [this.wakeupDeadLetters, this.eventDeadLetters]) {
      acknowledge(queue, [{ id: 'AwsSolutions-SQS3', reason: 'This queue is itself a dead-letter destination of the webhook pipeline.' }]);
    }

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
    // Both feed the live alias: a canary that rolls back takes the background work back with it.
    eventMaker.live.addEventSource(
      new DynamoEventSource(table, {
        // Like the delivery worker's: no order move is skipped; a duplicate record makes no second event.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        retryAttempts: 10,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        maxRecordAge: Duration.hours(6),
        // One batch per shard at a time: an order's moves are made into events in the order they happened.
        parallelizationFactor: 1,
        onFailure: new SqsDlq(this.eventDeadLetters),
        filters: orderEventFilters(),
      }),
    );
    sender.live.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 20 }));
    for (const fn of [eventMaker, sender]) {
      acknowledge(fn.role, [
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            'dynamodb:ListStreams (stream event source) and the X-Ray actions (active tracing) accept no resource-level permissions; stream and queue reads are scoped to their ARNs.',
        },
      ]);
    }
  }

  /** The alarms, on the stage's alarm topic. */
  alarmOn(topic: sns.ITopic, { eventMaker, sender }: { eventMaker: ApiFunction; sender: ApiFunction }): cloudwatch.Alarm[] {
    const alarms: cloudwatch.Alarm[] = [];
    const add = (alarmId: string, description: string, props: Omit<cloudwatch.AlarmProps, 'alarmName' | 'alarmDescription'>) => {
      const alarm = new cloudwatch.Alarm(this, alarmId, {
        ...props,
        alarmName: `${this.stage.stackName}-${alarmId}`,
        alarmDescription: description,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new SnsAction(topic));
      alarm.addOkAction(new SnsAction(topic));
      alarms.push(alarm);
    };
    const atLeastOne = {
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    };
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
        ...atLeastOne,
        threshold: FAILING_ENDPOINT_ATTEMPTS,
        metric: metricOf('WebhookFailedAttempt', WEBHOOK_ATTEMPT_FAILED_MESSAGE, '$.attempt').metric({
          period: PERIOD,
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
      },
    );
    add('WebhookEventsFailed', 'Webhook events given up after their last retry, recorded as failed in the delivery log', {
      ...atLeastOne,
      metric: metricOf('WebhookFailedEvents', WEBHOOK_EVENT_FAILED_MESSAGE, '1').metric({
        period: PERIOD,
        statistic: cloudwatch.Stats.SUM,
      }),
    });
    add('WebhookWakeupDlqDepth', 'Webhook lanes the sender could not serve five times over: redrive the dead letters once fixed', {
      ...atLeastOne,
      metric: this.wakeupDeadLetters.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
    });
    add('WebhookEventDlqDepth', 'Order moves whose webhook events could not be made after every retry', {
      ...atLeastOne,
      metric: this.eventDeadLetters.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
    });
    add('WebhookSenderErrors', 'Webhook sender invocations that failed', {
      ...atLeastOne,
      threshold: this.stage.alarms.workerErrors,
      metric: sender.function.metricErrors({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
    });
    add('WebhookEventsIteratorAge', 'The webhook event maker falling behind the table stream', {
      ...atLeastOne,
      threshold: this.stage.alarms.workerIteratorAgeSeconds * 1000,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      metric: eventMaker.function.metric('IteratorAge', { period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
    });
    return alarms;
  }
}
