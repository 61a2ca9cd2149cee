// The image bucket (private, encrypted, TLS-only) served to the public through CloudFront with origin access control.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from './stages.ts';
import { acknowledge } from './nag.ts';

export class MediaStore extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** Public base URL of stored media (no trailing slash): `${baseUrl}/${key}`. */
  readonly baseUrl: string;

  constructor(scope: Construct, id: string, { stage }: { stage: StageConfig }) {
    super(scope, id);
    // No autoDeleteObjects in staging: it would add a custom-resource Lambda; empty the buckets before
    // destroying the stack instead (infra/DEPLOY.md).
    const removal = { removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY };

    // Access logs of the bucket and the distribution. CloudFront standard logging still writes with
    // ACLs, hence object ownership BUCKET_OWNER_PREFERRED instead of the ACL-less default.
    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetention) }],
      ...removal,
    });
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
      ...removal,
    });

    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `${stage.stackName} images`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
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
  }
}
