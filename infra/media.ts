// The image bucket (private, encrypted, TLS-only) served to the public through CloudFront with origin access control,
// holding the uploaded profile images and the service's static media (the plaque placeholder image). Any web page may
// read them (a wallet's or a marketplace's showing a token's image): CORS answers `*`, as locally (lib/http/cors.ts).
import { Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { fileURLToPath } from 'node:url';
import { Construct } from 'constructs';
import type { StageConfig } from './stages.ts';
import { acknowledge } from './nag.ts';
import { MEDIA_CONTENT_SECURITY_POLICY } from '#lib/media/serving-headers.ts';

/** How long a browser may keep a preflight's answer for the media (seconds). */
const MEDIA_PREFLIGHT_MAX_AGE_SECONDS = 3600;

/**
 * The service's static media, each file at its media key (lib/media/static-media.ts names the same folder for the
 * local runtime; the infra tests hold the two together).
 */
export const STATIC_MEDIA_DIR = fileURLToPath(new URL('../lib/media/static', import.meta.url));

export class MediaStore extends Construct {
  readonly bucket: s3.Bucket;
  /** The stage's access-log bucket (the dashboard's bucket and distribution log here too). */
  readonly accessLogs: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The headers every media answer carries (nosniff, the media Content-Security-Policy). */
  readonly responseHeaders: cloudfront.ResponseHeadersPolicy;
  /** Public base URL of stored media (no trailing slash): `${baseUrl}/${key}`. */
  readonly baseUrl: string;

  constructor(scope: Construct, id: string, { stage }: { stage: StageConfig }) {
    super(scope, id);
    // No autoDeleteObjects in staging: it would add a custom-resource Lambda; empty the buckets before
    // destroying the stack instead (infra/DEPLOY.md).
    const removal = { removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY };

    // Access logs of the bucket and the distribution. CloudFront standard logging still writes with
    // ACLs, hence object ownership BUCKET_OWNER_PREFERRED instead of the ACL-less default.
    const accessLogs = (this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetention) }],
      ...removal,
    }));
    acknowledge(accessLogs, [
      { id: 'AwsSolutions-S1', reason: 'This bucket is the access-log sink itself; logging it into itself would loop.' },
    ]);

    this.bucket = new s3.Bucket(this, 'Images', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'images-bucket/',
      // A replaced profile image is deleted by the handler; this catches uploads abandoned halfway.
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      // Answers the preflights CloudFront passes on (with their Origin and Access-Control-Request-* headers) with 200.
      cors: [
        {
          allowedOrigins: ['*'],
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          maxAge: MEDIA_PREFLIGHT_MAX_AGE_SECONDS,
        },
      ],
      ...removal,
    });

    // Every image answer as the local server gives it (lib/media/serving-headers.ts): no sniffing into another type, a
    // Content-Security-Policy that runs nothing, readable from any origin. The type itself is the object's, set from
    // the detected format on upload.
    this.responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ServingHeaders', {
      comment: `${stage.stackName} media: nosniff, a Content-Security-Policy that runs nothing, any origin`,
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        contentSecurityPolicy: { contentSecurityPolicy: MEDIA_CONTENT_SECURITY_POLICY, override: true },
      },
      corsBehavior: {
        accessControlAllowOrigins: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD', 'OPTIONS'],
        accessControlAllowHeaders: ['*'],
        accessControlAllowCredentials: false,
        accessControlMaxAge: Duration.seconds(MEDIA_PREFLIGHT_MAX_AGE_SECONDS),
        originOverride: true,
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `${stage.stackName} images`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        // A preflight's Origin and Access-Control-Request-* headers reach the bucket, which answers it.
        originRequestPolicy: cloudfront.OriginRequestPolicy.CORS_S3_ORIGIN,
        responseHeadersPolicy: this.responseHeaders,
      },
      priceClass: stage.media.priceClass,
      enableLogging: true,
      logBucket: accessLogs,
      logFilePrefix: 'cdn/',
    });
    acknowledge(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Profile images are public content for a worldwide audience; no country is excluded.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'Read-only static images behind a cache; a WebACL would add cost without a threat it stops.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'Served on the default *.cloudfront.net certificate, which CloudFront pins to TLSv1 as its minimum; a custom domain with its own certificate lifts this to TLSv1.2_2021.',
      },
    ]);

    this.baseUrl = `https://${this.distribution.distributionDomainName}`;

    // The static media (lib/media/static/, each file at its key: plaques/placeholder.png), copied into the bucket on
    // every deploy by CDK's deployment custom resource. Never prune: that would delete every uploaded profile image.
    new s3deploy.BucketDeployment(this, 'StaticMedia', {
      sources: [s3deploy.Source.asset(STATIC_MEDIA_DIR)],
      destinationBucket: this.bucket,
      prune: false,
      // Keys keep their name when a file changes: caches refresh within a day.
      cacheControl: [s3deploy.CacheControl.setPublic(), s3deploy.CacheControl.maxAge(Duration.days(1))],
      logGroup: new logs.LogGroup(this, 'StaticMediaLogs', { retention: stage.logRetention, ...removal }),
    });
    // The copying function is one per stack (CDK's singleton), a child of the stack rather than of the deployment.
    const copier = Stack.of(this).node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!copier) throw new Error("CDK's bucket deployment function was not found in the stack");
    const bucketArn = `<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket)}.Arn>`;
    // The bootstrap asset bucket's ARN as cdk-nag writes it: pseudo-parameters, or the values of a stage that pins
    // its account and region (infra/stages.ts).
    const stack = Stack.of(this);
    const known = (value: string, parameter: string) => (Token.isUnresolved(value) ? `<AWS::${parameter}>` : value);
    const assetBucket = `arn:${known(stack.partition, 'Partition')}:s3:::cdk-hnb659fds-assets-${known(stack.account, 'AccountId')}-${known(stack.region, 'Region')}`;
    acknowledge(copier, [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's deployment function writes its logs with AWS's basic execution policy; it runs only during deploys.",
      },
      ...['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: "CDK's grants for copying the static media from the bootstrap asset bucket into the media bucket.",
      })),
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
        reason: 'The static media are copied to keys of this one bucket; prune is off, so nothing else in it is deleted.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::${assetBucket}/*]`,
        reason: 'The static media are read from the CDK bootstrap asset bucket, where `cdk deploy` uploads them.',
      },
      { id: 'AwsSolutions-L1', reason: "The deployment function's Python runtime is chosen by the CDK release that provides it." },
    ]);
  }
}
