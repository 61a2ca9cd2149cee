// Sign-in code mails: the code mail sender fed by the table's stream (only codes whose mail is pending), its
// dead-letter queue and the alarms an operator acts on. The request answers once the code is stored; the mail goes
// out here, so a known address and a new one cost the request the same (README "Signing in locally").
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CODE_MAIL_STREAM_FILTERS } from '#lib/accounts/code-mail-stream.ts';
import type { ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';

/** Retries of a failing batch (SES or the table in trouble) before its records go to the dead-letter queue. */
export const CODE_MAIL_RETRY_ATTEMPTS = 10;

const PERIOD = Duration.minutes(5);

/** Event filter: the same patterns the local poller applies (lib/accounts/code-mail-stream.ts). */
function codeMailFilters(): Record<string, unknown>[] {
  return CODE_MAIL_STREAM_FILTERS.map((pattern) => lambda.FilterCriteria.filter(structuredClone(pattern) as Record<string, unknown>));
}

export interface CodeMailProps {
  stage: StageConfig;
  table: dynamodb.ITable;
  sender: ApiFunction;
}

export class CodeMail extends Construct {
  /** Stream coordinates of code requests whose mail failed every retry. */
  readonly deadLetterQueue: sqs.Queue;
  private readonly stage: StageConfig;
  private readonly sender: ApiFunction;

  constructor(scope: Construct, id: string, { stage, table, sender }: CodeMailProps) {
    super(scope, id);
    this.stage = stage;
    this.sender = sender;
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the dead-letter (on-failure) destination of the code mail sender’s stream mapping.',
      },
    ]);

    sender.live.addEventSource(
      new DynamoEventSource(table, {
        // From the oldest record kept: a code requested while the mapping was being (re)created is still mailed; a
        // record whose mail was already sent finds it marked and sends nothing.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        retryAttempts: CODE_MAIL_RETRY_ATTEMPTS,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // A code is valid 15 minutes; a mail an hour late helps nobody, and its record is kept in the dead letters.
        maxRecordAge: Duration.hours(1),
        parallelizationFactor: 1,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: codeMailFilters(),
      }),
    );
    acknowledge(sender.role, [
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'dynamodb:ListStreams (stream event source) and the X-Ray actions (active tracing) accept no resource-level permissions; stream reads themselves are scoped to the table stream ARN.',
      },
    ]);
  }

  /** The alarms, on the stage's alarm topic: a mail dead-lettered, the sender failing or falling behind. */
  alarmOn(topic: sns.ITopic): cloudwatch.Alarm[] {
    const add = (alarmId: string, description: string, props: Omit<cloudwatch.AlarmProps, 'alarmName' | 'alarmDescription'>) => {
      const alarm = new cloudwatch.Alarm(this, alarmId, {
        ...props,
        alarmName: `${this.stage.stackName}-${alarmId}`,
        alarmDescription: description,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new SnsAction(topic));
      alarm.addOkAction(new SnsAction(topic));
      return alarm;
    };
    const atLeastOne = {
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    };
    return [
      add('CodeMailDlqDepth', 'Sign-in code mails that failed every retry (see infra/DEPLOY.md)', {
        ...atLeastOne,
        metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
      }),
      add('CodeMailSenderErrors', 'Code mail sender invocations that failed', {
        ...atLeastOne,
        threshold: this.stage.alarms.workerErrors,
        metric: this.sender.function.metricErrors({ period: PERIOD, statistic: cloudwatch.Stats.SUM }),
      }),
      add('CodeMailIteratorAge', 'The code mail sender falling behind the table stream: sign-in codes arrive late', {
        ...atLeastOne,
        // A code is valid 15 minutes: a minute late is already worth a look.
        threshold: 60_000,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        metric: this.sender.function.metric('IteratorAge', { period: PERIOD, statistic: cloudwatch.Stats.MAXIMUM }),
      }),
    ];
  }
}
