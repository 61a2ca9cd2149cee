// Runs the key disabler every 5 minutes (functions/partner/disable-ended-keys.ts): a rolled partner key's API Gateway key
// is disabled once its window has ended, so API Gateway itself stops admitting it (the functions refuse it from its
// `expiresAt` on either way).
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function.ts';

/** How often the disabler runs: an ended key is disabled in API Gateway within this of its `expiresAt`. */
const KEY_DISABLE_SCHEDULE = Duration.minutes(5);

export class KeyDisabler extends Construct {
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, { disabler }: { disabler: ApiFunction }) {
    super(scope, id);
    // With the disabler, in its nested stack: the rule and the permission it needs to invoke the alias.
    this.rule = new events.Rule(disabler, 'KeyDisableSchedule', {
      description: 'Disables the API Gateway keys of rolled partner keys whose window has ended',
      schedule: events.Schedule.rate(KEY_DISABLE_SCHEDULE),
      // A failed run is the next run's work: the ended windows stay recorded until their key is disabled.
      // The live alias: a canary that rolls back takes the scheduled work back with it.
      targets: [new targets.LambdaFunction(disabler.live, { retryAttempts: 0 })],
    });
  }
}
