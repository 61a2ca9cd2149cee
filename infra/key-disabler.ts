// Runs the key retirer every 5 minutes (functions/partner/disable-ended-keys.ts): a rolled partner key whose window has
// ended gives up its place among its owner's active keys and its API Gateway key is deleted, so API Gateway itself stops
// admitting it and it no longer counts against the account's keys (the functions refuse it from its `expiresAt` on
// either way).
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function.ts';

/** How often the retirer runs: an ended key is deleted from API Gateway within this of its `expiresAt`. */
const KEY_DISABLE_SCHEDULE = Duration.minutes(5);

export class KeyDisabler extends Construct {
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, { disabler }: { disabler: ApiFunction }) {
    super(scope, id);
    // With the retirer, in its nested stack: the rule and the permission it needs to invoke the alias.
    this.rule = new events.Rule(disabler, 'KeyDisableSchedule', {
      description: 'Retires rolled partner keys whose window has ended and deletes their API Gateway keys',
      schedule: events.Schedule.rate(KEY_DISABLE_SCHEDULE),
      // A failed run is the next run's work: the ended windows stay recorded until their key is deleted.
      // The live alias: a canary that rolls back takes the scheduled work back with it.
      targets: [new targets.LambdaFunction(disabler.live, { retryAttempts: 0 })],
    });
  }
}
