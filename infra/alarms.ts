// CloudWatch alarms on what operators must act on: API 5xx rate, throttling, undelivered orders, the sender's and the
// follower's errors and lag, mint fees above the stage's cap and the minting wallet running low.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DELIVERY_FAILED_MESSAGE, MINT_FEES_ABOVE_CAP_MESSAGE, SIGNER_FUNDS_MESSAGE } from '#lib/delivery/log-events.ts';
import type { ApiFunction } from './api-function.ts';
import type { StageConfig } from './stages.ts';

const PERIOD = Duration.minutes(5);

/** Table operations the service uses; their throttles are summed (an alarm takes at most 10 metrics). */
const TABLE_OPERATIONS = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'TransactGetItems',
] as dynamodb.Operation[];

/**
 * What every alarm of the service states alike: named after its stack, quiet without data (unless it says otherwise),
 * telling the topic both ways.
 */
export function alarmMaker(scope: Construct, stage: StageConfig, topic: sns.ITopic) {
  return (alarmId: string, description: string, props: Omit<cloudwatch.AlarmProps, 'alarmName' | 'alarmDescription'>) => {
    const alarm = new cloudwatch.Alarm(scope, alarmId, {
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...props,
      alarmName: `${stage.stackName}-${alarmId}`,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    alarm.addOkAction(new SnsAction(topic));
    return alarm;
  };
}

/** Fires on the first breaching period of `threshold` (1 unless given) or more. */
export const atLeast = (threshold = 1) => ({
  threshold,
  evaluationPeriods: 1,
  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
});

/** Letters waiting in a dead-letter queue: the most seen in a period. */
export const deadLetterDepth = (queue: sqs.IQueue): cloudwatch.IMetric =>
  queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM });

/** Fires when a stream consumer falls more than `ms` behind its stream (its records' age, the most in a period). */
export const fallingBehind = (fn: ApiFunction, ms: number) => ({
  metric: fn.function.metric('IteratorAge', { period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
  threshold: ms,
  evaluationPeriods: 1,
  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
});

/** Failed invocations of a function in a period. */
export const functionErrors = (fn: ApiFunction): cloudwatch.IMetric =>
  fn.function.metricErrors({ period: PERIOD, statistic: cloudwatch.Stats.SUM });

export interface AlarmsProps {
  stage: StageConfig;
  api: apigateway.RestApi;
  table: dynamodb.Table;
  deadLetterQueue: sqs.IQueue;
  /** The sender (functions/delivery/deliver-order.ts). */
  worker: ApiFunction;
  /** The follower of mint batches, its dead letters, and the reconciler (which also records mined batches). */
  follower: ApiFunction;
  followQueue: sqs.IQueue;
  followerDeadLetters: sqs.IQueue;
  reconciler: ApiFunction;
  /** Functions with reserved concurrency: the ones that can throttle on their own. */
  cappedFunctions: ApiFunction[];
}

export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  /** The share of 5xx answers: it also rolls back a production deployment in progress. */
  readonly api5xxRate: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const { stage } = props;
    const thresholds = stage.alarms;

    // Encrypted with a key CloudWatch may use: the AWS-managed SNS key does not let alarms publish.
    const key = new kms.Key(this, 'TopicKey', {
      description: `${stage.stackName} alarm topic`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    key.grant(new iam.ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new sns.Topic(this, 'Topic', { displayName: `${stage.stackName} alarms`, masterKey: key, enforceSSL: true });
    if (thresholds.email) this.topic.addSubscription(new subscriptions.EmailSubscription(thresholds.email));

    const make = alarmMaker(this, stage, this.topic);
    const add: typeof make = (...args) => {
      const alarm = make(...args);
      this.alarms.push(alarm);
      return alarm;
    };

    this.api5xxRate = add('Api5xxRate', 'Share of API requests answered with 5xx', {
      // 5XXError is 0 or 1 per request, so its average is the error rate.
      metric: props.api.metricServerError({ period: PERIOD, statistic: cloudwatch.Stats.AVERAGE }),
      threshold: thresholds.api5xxRate,
      evaluationPeriods: thresholds.api5xxPeriods,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    for (const fn of props.cappedFunctions) {
      add(`Throttles-${fn.node.id}`, `${fn.handlerModule} throttled at its reserved concurrency`, {
        ...atLeast(thresholds.functionThrottles),
        metric: fn.function.metricThrottles({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
      });
    }

    add('TableThrottles', 'DynamoDB requests throttled', {
      ...atLeast(thresholds.tableThrottles),
      metric: props.table.metricThrottledRequestsForOperations({ operations: TABLE_OPERATIONS, period: PERIOD }),
    });

    add('DeliveryDlqDepth', 'Sold orders whose delivery failed every retry (see infra/DEPLOY.md)', {
      ...atLeast(thresholds.dlqDepth),
      metric: deadLetterDepth(props.deadLetterQueue),
    });

    add('DeliveryWorkerErrors', 'Delivery worker invocations that failed', {
      ...atLeast(thresholds.workerErrors),
      metric: functionErrors(props.worker),
    });

    /** One metric counted from a log line of several functions (one filter on each log group, one metric). */
    const counted = (id: string, message: string, metricName: string, functions: ApiFunction[]) => {
      let metric!: cloudwatch.Metric;
      for (const [i, fn] of functions.entries()) {
        metric = new logs.MetricFilter(this, i === 0 ? id : `${id}${i + 1}`, {
          logGroup: fn.logGroup,
          filterPattern: logs.FilterPattern.stringValue('$.message', '=', message),
          metricNamespace: `PlaqueApi/${stage.name}`,
          metricName,
          metricValue: '1',
          defaultValue: 0,
        }).metric({ period: PERIOD, statistic: cloudwatch.Stats.SUM });
      }
      return metric;
    };

    // A mint the chain refuses ends the order FAILED in a successful invocation: count the log line instead, whichever
    // function recorded it (the sender before a batch, the follower or the reconciler once mined).
    add('DeliveryFailedOrders', 'Orders marked FAILED by the delivery (npm run ops -- deliveries lists them)', {
      ...atLeast(),
      metric: counted('FailedDeliveries', DELIVERY_FAILED_MESSAGE, 'FailedDeliveries', [props.worker, props.follower, props.reconciler]),
    });

    // Fees above the stage's cap: no batch is sent and none replaced, the orders wait (infra/DEPLOY.md).
    add('MintFeesAboveCap', `Mint fees above the stage cap (${stage.chain.maxFeeGwei} gwei): orders wait`, {
      ...atLeast(),
      metric: counted('FeesAboveCap', MINT_FEES_ABOVE_CAP_MESSAGE, 'MintFeesAboveCap', [props.worker, props.follower]),
    });

    // The follower logs the signer's funds after every mined batch (lib/chain/signer-funds.ts names the members).
    const signerMetric = (id: string, metricName: string, member: string) =>
      new logs.MetricFilter(this, id, {
        logGroup: props.follower.logGroup,
        filterPattern: logs.FilterPattern.stringValue('$.message', '=', SIGNER_FUNDS_MESSAGE),
        metricNamespace: `PlaqueApi/${stage.name}`,
        metricName,
        metricValue: `$.${member}`,
      });
    signerMetric('SignerBalance', 'SignerBalanceEth', 'balanceEth');
    const mintsLeft = signerMetric('SignerMintsLeft', 'SignerMintsLeft', 'mintsLeft');
    add('SignerFundsLow', `The minting wallet pays for fewer than ${thresholds.signerMintsLeft} mints: refill it (infra/DEPLOY.md)`, {
      metric: mintsLeft.metric({ period: Duration.hours(1), statistic: cloudwatch.Stats.MINIMUM }),
      threshold: thresholds.signerMintsLeft,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      // Only mints report the balance: an hour without one keeps the last state, so the alarm stays up until a mint
      // after the refill reports enough.
      treatMissingData: cloudwatch.TreatMissingData.IGNORE,
    });

    add(
      'DeliveryWorkerIteratorAge',
      'Delivery worker falling behind the table stream',
      fallingBehind(props.worker, thresholds.workerIteratorAgeSeconds * 1000),
    );

    add('MintFollowerErrors', 'Mint follower invocations that failed', {
      ...atLeast(thresholds.followerErrors),
      metric: functionErrors(props.follower),
    });
    add('MintFollowQueueAge', 'Mint batches waiting for the follower longer than the stage allows', {
      metric: props.followQueue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
      threshold: thresholds.workerIteratorAgeSeconds,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    add('MintFollowerDlqDepth', 'Mint batches the follower failed on five runs over (the reconciler still looks at them every minute)', {
      ...atLeast(thresholds.dlqDepth),
      metric: deadLetterDepth(props.followerDeadLetters),
    });
  }
}
