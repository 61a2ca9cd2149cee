// Suite: data and storage in the synthesized templates: the table from the shared definition, media, secrets, DLQ, alarms.
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { tableDefinition } from '#lib/db/table.ts';
import { stages } from '../../infra/stages.ts';
import { logicalIdOf, resourcesOf, synthStage } from './synth.ts';
import { DELIVERY_FAILED_MESSAGE, MINT_FEES_ABOVE_CAP_MESSAGE, SIGNER_FUNDS_MESSAGE } from '#lib/delivery/log-events.ts';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PLACEHOLDER_IMAGE_KEY } from '#lib/media/placeholder.ts';
import { STATIC_MEDIA_DIR } from '#lib/media/static-media.ts';
import { MEDIA_CONTENT_SECURITY_POLICY } from '#lib/media/serving-headers.ts';
import { STATIC_MEDIA_DIR as STACK_STATIC_MEDIA_DIR } from '../../infra/media.ts';

const staging = () => synthStage('staging');
const production = () => synthStage('production');

describe('the table', () => {
  it('takes its keys, indexes, TTL attribute and stream from the shared table definition', () => {
    const { template } = staging();
    const d = tableDefinition;
    const attributes = [d.partitionKey, d.sortKey, ...d.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: d.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: d.sortKey.name, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith(
        [...new Map(attributes.map((a) => [a.name, a])).values()].map((a) => ({ AttributeName: a.name, AttributeType: a.type })),
      ),
      GlobalSecondaryIndexes: d.globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection:
          index.projection.type === 'INCLUDE'
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: index.projection.nonKeyAttributes }
            : { ProjectionType: index.projection.type },
      })),
      TimeToLiveSpecification: { AttributeName: d.timeToLiveAttribute, Enabled: true },
      StreamSpecification: { StreamViewType: d.stream },
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it("has the listing's `changes` index: keys only, every plaque under `entity`, ordered by `catsk`", () => {
    const table = Object.values(resourcesOf(staging().template, 'AWS::DynamoDB::Table'))[0]!.Properties!;
    const changes = (table['GlobalSecondaryIndexes'] as { IndexName: string }[]).find((index) => index.IndexName === 'changes');
    expect(changes).toEqual({
      IndexName: 'changes',
      KeySchema: [
        { AttributeName: 'entity', KeyType: 'HASH' },
        { AttributeName: 'catsk', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
    expect(table['AttributeDefinitions']).toEqual(
      expect.arrayContaining([
        { AttributeName: 'entity', AttributeType: 'S' },
        { AttributeName: 'catsk', AttributeType: 'S' },
      ]),
    );
  });

  it.each(['staging', 'production'] as const)('keeps point-in-time recovery on in %s', (stage) => {
    synthStage(stage).template.hasResourceProperties('AWS::DynamoDB::Table', {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('is deletion-protected and retained in production', () => {
    production().template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('is disposable in staging', () => {
    const table = Object.values(resourcesOf(staging().template, 'AWS::DynamoDB::Table'))[0]!;
    expect(table['DeletionPolicy']).toBe('Delete');
    expect(table.Properties!['DeletionProtectionEnabled']).toBe(false);
  });
});

describe('media', () => {
  it('keeps the image bucket private, encrypted and TLS-only', () => {
    const { stack, template } = staging();
    const bucket = logicalIdOf(stack.node.findChild('Media').node.findChild('Images'));
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucket },
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it('serves images through CloudFront, which alone may read the bucket (origin access control)', () => {
    const { stack, template } = staging();
    const bucket = logicalIdOf(stack.node.findChild('Media').node.findChild('Images'));
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
      }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
          }),
        ]),
      },
    });
  });

  it('uploads the static media (the plaque placeholder image) into the image bucket without deleting uploads', () => {
    const { stack, template } = staging();
    const bucket = logicalIdOf(stack.node.findChild('Media').node.findChild('Images'));
    expect(existsSync(join(STATIC_MEDIA_DIR, PLACEHOLDER_IMAGE_KEY))).toBe(true);
    // The stack uploads the very folder the local runtime serves.
    expect(resolve(STACK_STATIC_MEDIA_DIR)).toBe(resolve(STATIC_MEDIA_DIR));
    // One deployment into the image bucket (the dashboard's go to its own bucket).
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).filter(
      (d) => d['Properties'].DestinationBucketName.Ref === bucket,
    );
    expect(deployments).toHaveLength(1);
    expect(deployments[0]!['Properties']).toMatchObject({
      // Pruning would delete every uploaded profile image that is not in the static folder.
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=86400' },
    });
    // Keys are the files' paths in the folder: plaques/placeholder.png at the root of the bucket.
    expect(deployments[0]!['Properties']).not.toHaveProperty('DestinationBucketKeyPrefix');
  });

  it('serves every image with nosniff and the media Content-Security-Policy, through a response headers policy', () => {
    for (const stage of ['staging', 'production'] as const) {
      const { stack, template } = synthStage(stage);
      const media = stack.node.findChild('Media');
      const policy = logicalIdOf(media.node.findChild('ServingHeaders'));
      const properties = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[policy]!.Properties!;
      expect(properties['ResponseHeadersPolicyConfig'].SecurityHeadersConfig).toEqual({
        ContentTypeOptions: { Override: true },
        ContentSecurityPolicy: { ContentSecurityPolicy: "default-src 'none'; img-src 'self'; sandbox", Override: true },
      });
      expect(MEDIA_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; img-src 'self'; sandbox");
      const cdn = resourcesOf(template, 'AWS::CloudFront::Distribution')[logicalIdOf(media.node.findChild('Cdn'))]!.Properties!;
      expect(cdn['DistributionConfig'].DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policy });
    }
  });

  it('lets any web page read the images: * from the distribution, preflights passed to a bucket that answers them', () => {
    for (const stage of ['staging', 'production'] as const) {
      const { stack, template } = synthStage(stage);
      const media = stack.node.findChild('Media');
      const policy = resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy')[logicalIdOf(media.node.findChild('ServingHeaders'))]!;
      expect(policy.Properties!['ResponseHeadersPolicyConfig'].CorsConfig).toMatchObject({
        AccessControlAllowOrigins: { Items: ['*'] },
        AccessControlAllowMethods: { Items: ['GET', 'HEAD', 'OPTIONS'] },
        AccessControlAllowCredentials: false,
        OriginOverride: true,
      });
      const behavior = resourcesOf(template, 'AWS::CloudFront::Distribution')[logicalIdOf(media.node.findChild('Cdn'))]!.Properties![
        'DistributionConfig'
      ].DefaultCacheBehavior;
      expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS']);
      // CloudFront's managed CORS-S3Origin policy: Origin and the Access-Control-Request-* headers reach the bucket.
      expect(behavior.OriginRequestPolicyId).toBe('88a5eaf4-2fd4-4709-b370-b4c650ea3fcf');
      const bucket = resourcesOf(template, 'AWS::S3::Bucket')[logicalIdOf(media.node.findChild('Images'))]!;
      expect(bucket.Properties!['CorsConfiguration']).toEqual({
        CorsRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['*'], MaxAge: 3600 }],
      });
    }
  });
});

describe('secrets', () => {
  it('creates the JWT key set, the wallet mnemonic and the chain signer key under the stack name', () => {
    for (const stage of ['staging', 'production'] as const) {
      const names = Object.values(resourcesOf(synthStage(stage).template, 'AWS::SecretsManager::Secret')).map((s) => s.Properties!['Name']);
      expect(names.sort()).toEqual(
        ['chain-signer-key', 'jwt-signing-keys', 'wallet-mnemonic'].map((n) => `${stages[stage].stackName}/${n}`),
      );
    }
  });

  it('keeps production secrets when the stack goes, not staging ones', () => {
    const policies = (stage: 'staging' | 'production') =>
      Object.values(resourcesOf(synthStage(stage).template, 'AWS::SecretsManager::Secret')).map((s) => s['DeletionPolicy']);
    expect(new Set(policies('production'))).toEqual(new Set(['Retain']));
    expect(new Set(policies('staging'))).toEqual(new Set(['Delete']));
  });
});

describe('delivery dead letters and alarms', () => {
  it('encrypts the delivery DLQ and refuses plain-HTTP access to it', () => {
    const { template } = staging();
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it.each(['staging', 'production'] as const)('alarms on 5xx rate, throttles, DLQ depth and worker errors with %s thresholds', (name) => {
    const { template } = synthStage(name);
    const thresholds = stages[name].alarms;
    const alarm = (suffix: string) => {
      const found = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).find((a) =>
        (a.Properties!['AlarmName'] as string).endsWith(suffix),
      );
      if (!found) throw new Error(`no alarm …${suffix}`);
      return found.Properties!;
    };
    expect(alarm('Api5xxRate')).toMatchObject({
      MetricName: '5XXError',
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Average',
      Threshold: thresholds.api5xxRate,
      EvaluationPeriods: thresholds.api5xxPeriods,
    });
    expect(alarm('DeliveryDlqDepth')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: thresholds.dlqDepth,
    });
    expect(alarm('DeliveryWorkerErrors')).toMatchObject({ MetricName: 'Errors', Threshold: thresholds.workerErrors });
    expect(alarm('DeliveryWorkerIteratorAge')).toMatchObject({
      MetricName: 'IteratorAge',
      Threshold: thresholds.workerIteratorAgeSeconds * 1000,
    });
    expect(alarm('TableThrottles')).toMatchObject({ Threshold: thresholds.tableThrottles });
    // FAILED orders come from successful invocations: they are counted from the log line of the sender, the follower
    // and the reconciler, whichever recorded it.
    expect(alarm('DeliveryFailedOrders')).toMatchObject({ MetricName: 'FailedDeliveries', Threshold: 1 });
    const filters = Object.values(resourcesOf(template, 'AWS::Logs::MetricFilter')).map((f) => f.Properties!);
    expect(filters.filter((f) => f['FilterPattern'] === `{ $.message = "${DELIVERY_FAILED_MESSAGE}" }`)).toHaveLength(3);
    // Fees above the stage's cap hold the orders: the sender's and the follower's line raise it.
    expect(alarm('MintFeesAboveCap')).toMatchObject({ MetricName: 'MintFeesAboveCap', Threshold: 1 });
    expect(filters.filter((f) => f['FilterPattern'] === `{ $.message = "${MINT_FEES_ABOVE_CAP_MESSAGE}" }`)).toHaveLength(2);
    expect(alarm('MintFollowerErrors')).toMatchObject({ MetricName: 'Errors', Threshold: thresholds.followerErrors });
    expect(alarm('MintFollowQueueAge')).toMatchObject({
      MetricName: 'ApproximateAgeOfOldestMessage',
      Threshold: thresholds.workerIteratorAgeSeconds,
    });
    expect(alarm('MintFollowerDlqDepth')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: thresholds.dlqDepth,
    });
    for (const module of Object.keys(stages[name].reservedConcurrency)) {
      const id = module.replace(/^functions\//, '').replace(/\.ts$/, '');
      expect(
        alarm(
          `Throttles-${id
            .split(/[/-]/)
            .map((p) => p[0]!.toUpperCase() + p.slice(1))
            .join('')}`,
        ),
      ).toMatchObject({
        MetricName: 'Throttles',
        Threshold: thresholds.functionThrottles,
      });
    }
    const every = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));
    for (const a of every) expect(a.Properties!['AlarmActions']).toHaveLength(1);
  });

  it.each(['staging', 'production'] as const)(
    "alarms when the minting wallet pays for fewer mints than %s's threshold, from the follower's line after each mined batch",
    (name) => {
      const { template } = synthStage(name);
      const found = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).find((a) =>
        (a.Properties!['AlarmName'] as string).endsWith('-SignerFundsLow'),
      );
      expect(found?.Properties).toMatchObject({
        MetricName: 'SignerMintsLeft',
        Namespace: `PlaqueApi/${name}`,
        Statistic: 'Minimum',
        Period: 3600,
        Threshold: stages[name].alarms.signerMintsLeft,
        ComparisonOperator: 'LessThanThreshold',
        EvaluationPeriods: 1,
        // Only mints report: without one the alarm keeps its state until a mint after the refill says otherwise.
        TreatMissingData: 'ignore',
      });
      const filters = Object.values(resourcesOf(template, 'AWS::Logs::MetricFilter')).map((f) => f.Properties!);
      for (const [metric, member] of [
        ['SignerMintsLeft', 'mintsLeft'],
        ['SignerBalanceEth', 'balanceEth'],
      ]) {
        expect(filters).toContainEqual(
          expect.objectContaining({
            FilterPattern: `{ $.message = "${SIGNER_FUNDS_MESSAGE}" }`,
            MetricTransformations: [
              expect.objectContaining({ MetricName: metric, MetricNamespace: `PlaqueApi/${name}`, MetricValue: `$.${member}` }),
            ],
          }),
        );
      }
    },
  );

  it('publishes alarms to an encrypted topic mailed to the production operators', () => {
    const { template } = production();
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: stages.production.alarms.email });
  });
});
