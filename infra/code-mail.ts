// Sign-in code mails: the code mail sender fed by the table's stream (only codes whose mail is pending), its
// dead-letter queue and the alarms an operator acts on. The request answers once the code is stored; the mail goes
// out here, so a known address and a new one cost the request the same (docs/sign-in.md).
import { Duration } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { CODE_MAIL_STREAM_FILTERS } from '#lib/accounts/code-mail-stream.ts';
import { alarmMaker, atLeast, deadLetterDepth, fallingBehind, functionErrors } from './alarms.ts';
import type { ApiFunction } from './api-function.ts';
import type { StageConfig } from './stages.ts';
import { deadLetterQueue, feedFromTableStream } from './table-stream.ts';

/** Retries of a failing batch (SES or the table in trouble) before its records go to the dead-letter queue. */
export const CODE_MAIL_RETRY_ATTEMPTS = 10;

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
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', stage, 'the code mail sender’s stream mapping');
    // Only codes whose mail is pending (lib/accounts/code-mail-stream.ts); a record whose mail was already sent finds
    // it marked and sends nothing.
    feedFromTableStream(sender, table, {
      patterns: CODE_MAIL_STREAM_FILTERS,
      deadLetters: this.deadLetterQueue,
      batchSize: 10,
      retryAttempts: CODE_MAIL_RETRY_ATTEMPTS,
      // A code is valid 15 minutes; a mail an hour late helps nobody, and its record is kept in the dead letters.
      maxRecordAge: Duration.hours(1),
    });
  }

  /** The alarms, on the stage's alarm topic: a mail dead-lettered, the sender failing or falling behind. */
  alarmOn(topic: sns.ITopic): cloudwatch.Alarm[] {
    const add = alarmMaker(this, this.stage, topic);
    return [
      add('CodeMailDlqDepth', 'Sign-in code mails that failed every retry (see infra/DEPLOY.md)', {
        ...atLeast(),
        metric: deadLetterDepth(this.deadLetterQueue),
      }),
      add('CodeMailSenderErrors', 'Code mail sender invocations that failed', {
        ...atLeast(this.stage.alarms.workerErrors),
        metric: functionErrors(this.sender),
      }),
      // A code is valid 15 minutes: a minute late is already worth a look.
      add(
        'CodeMailIteratorAge',
        'The code mail sender falling behind the table stream: sign-in codes arrive late',
        fallingBehind(this.sender, 60_000),
      ),
    ];
  }
}
