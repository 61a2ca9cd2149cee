// Runs the delivery reconciler every minute (lib/delivery/reconcile.ts), and lets it read the table stream the delivery
// worker's dead letters point into (the letters themselves are granted by its manifest access, infra/delivery.ts).
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';

/**
 * How often the reconciler runs. With the worker's claim of 125 s (its 120 s timeout plus 5 s), an order whose worker
 * was killed is handed on within 125 s + 1 min; a dead-lettered record within a minute (docs/delivery.md, "Crash safety").
 */
const RECONCILE_SCHEDULE = Duration.minutes(1);

export interface DeliveryReconcilerProps {
  table: dynamodb.ITable;
  reconciler: ApiFunction;
}

export class DeliveryReconciler extends Construct {
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, { table, reconciler }: DeliveryReconcilerProps) {
    super(scope, id);
    // A letter locates its records in the table's stream: read them back there.
    if (!table.tableStreamArn) throw new Error('the delivery reconciler needs the table stream');
    reconciler.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetShardIterator', 'dynamodb:GetRecords', 'dynamodb:DescribeStream'],
        resources: [table.tableStreamArn],
      }),
    );
    // With the reconciler, in its nested stack: the rule and the permission it needs to invoke the alias.
    this.rule = new events.Rule(reconciler, 'ReconcileSchedule', {
      description: 'Reconciles deliveries with the chain and hands on stopped and dead-lettered orders',
      schedule: events.Schedule.rate(RECONCILE_SCHEDULE),
      // A failed run is the next run's work: every pass starts from what the table and the chain say.
      // The live alias: a canary that rolls back takes the scheduled work back with it.
      targets: [new targets.LambdaFunction(reconciler.live, { retryAttempts: 0 })],
    });
    acknowledge(reconciler.role, [
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords accept no resource-level permissions.',
      },
    ]);
  }
}
