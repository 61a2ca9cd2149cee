// The listing's catalogue snapshot: a private bucket holding its two objects per stage (the index and the records beside
// it), the scheduled function that rewrites them, and the grants that let the listing read them and the writer replace
// them (nothing else in the bucket).
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { recordsKey, snapshotKey } from '#lib/plaques/catalog-snapshot-store.ts';
import { ENV, type ApiFunction } from './api-function.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';

/** How often the writer looks at what changed; it writes when 500 rows changed or the snapshot is an hour old. */
const SNAPSHOT_SCHEDULE = Duration.minutes(1);

export class CatalogSnapshots extends Construct {
  readonly bucket: s3.Bucket;
  /**
   * The snapshot's object keys, `catalog/<table name>.snapshot` and the records beside it, `catalog/<table name>.records`
   * (as lib/plaques/catalog-snapshot-store.ts names them).
   */
  readonly objectKeys: string[];

  constructor(scope: Construct, id: string, { stage, table }: { stage: StageConfig; table: dynamodb.ITable }) {
    super(scope, id);
    this.objectKeys = [snapshotKey(table.tableName), recordsKey(snapshotKey(table.tableName))];
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // The snapshot is derived data, rebuilt from the table at any time: old versions are worth nothing.
      versioned: false,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(this.bucket, [
      {
        id: 'AwsSolutions-S1',
        reason:
          'Holds one derived object that the service itself rewrites every few minutes and can rebuild from the table; its reads and writes are the two functions in this construct, visible in their own logs.',
      },
    ]);
  }

  /** The listing: reads the snapshot's objects (and only them): the index at cold start, the records after it. */
  grantRead(fn: ApiFunction): void {
    this.grant(fn, ['s3:GetObject']);
  }

  /** The writer: reads and replaces the snapshot's objects, nothing else in the bucket. */
  grantWrite(fn: ApiFunction): void {
    this.grant(fn, ['s3:GetObject', 's3:PutObject']);
  }

  private grant(fn: ApiFunction, actions: string[]): void {
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({ actions, resources: this.objectKeys.map((key) => this.bucket.arnForObjects(key)) }),
    );
    // Listing the keys is what makes S3 answer 404 rather than 403 before the first snapshot exists.
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [this.bucket.bucketArn],
        conditions: { StringEquals: { 's3:prefix': this.objectKeys } },
      }),
    );
    fn.function.addEnvironment(ENV.catalogSnapshotBucket, this.bucket.bucketName);
  }

  /**
   * Runs the writer on SNAPSHOT_SCHEDULE; a failed run is simply the next run's work. The rule and its invoke
   * permission live with the writer, in its nested stack.
   */
  schedule(writer: ApiFunction): void {
    new events.Rule(writer, 'CatalogSnapshotSchedule', {
      description: 'Rewrites the listing catalogue snapshot when enough changed',
      schedule: events.Schedule.rate(SNAPSHOT_SCHEDULE),
      // The live alias: a canary that rolls back takes the scheduled work back with it.
      targets: [new targets.LambdaFunction(writer.live, { retryAttempts: 0 })],
    });
  }
}
