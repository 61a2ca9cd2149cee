// The partner dashboard's hosting: web/ built by Vite at synth, uploaded to a private bucket under `dashboard/` and
// served at https://<distribution>/dashboard/ by a CloudFront distribution of its own, with the page's
// Content-Security-Policy and a config.json naming the stage's API. Its own distribution, not the image one: the page
// holding a partner's token never shares an origin with files users upload.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { AssetHashType, DockerImage, Duration, Lazy, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { dashboardConfig, dashboardContentSecurityPolicy, DASHBOARD_PATH } from '#lib/partner/dashboard-page.ts';
import { projectRoot } from './bundling.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';

/** The page's sources (a Vite project). */
const WEB_ROOT = path.join(projectRoot, 'web');
/** Object key prefix in the bucket: keys are the page's paths, so CloudFront forwards paths unchanged. */
const KEY_PREFIX = DASHBOARD_PATH.slice(1);
/** Hashed assets (their names change with their content) are cached for good; everything else is revalidated. */
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * Viewer-request function: `/` and `/dashboard` lead to `/dashboard/`, and a path ending in `/` is its index.html
 * (S3 behind origin access control has no index documents).
 */
export const DASHBOARD_PATHS_FUNCTION = `function handler(event) {
  var request = event.request;
  if (request.uri === '/' || request.uri === '${DASHBOARD_PATH.slice(0, -1)}') {
    return { statusCode: 308, statusDescription: 'Permanent Redirect', headers: { location: { value: '${DASHBOARD_PATH}' } } };
  }
  if (request.uri.endsWith('/')) request.uri += 'index.html';
  return request;
}`;

export interface DashboardSiteProps {
  stage: StageConfig;
  /** The stage's access-log bucket (bucket and distribution logs land there under their own prefixes). */
  logBucket: s3.IBucket;
}

export class DashboardSite extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The page's origin (`https://<distribution domain>`): the one origin the API allows by CORS. */
  readonly origin: string;
  /** The page's address. */
  readonly url: string;
  private apiOrigin: string | undefined;
  private readonly stage: StageConfig;

  constructor(scope: Construct, id: string, { stage, logBucket }: DashboardSiteProps) {
    super(scope, id);
    this.stage = stage;
    // The page is rebuilt on every deploy: nothing here is data, so the bucket goes with the stack unless the
    // stage keeps everything (an emptied bucket is needed then, as for the images; infra/DEPLOY.md).
    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 'dashboard-bucket/',
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // The API origin is known once the API exists, which itself allows this distribution's origin: resolved at synth.
    const csp = Lazy.string({
      produce: () => {
        if (!this.apiOrigin) throw new Error('DashboardSite: callsApi(api) was never called');
        return dashboardContentSecurityPolicy(this.apiOrigin);
      },
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'Headers', {
      comment: `${stage.stackName} partner dashboard: CSP and security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: `${stage.stackName} partner dashboard`,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'Paths', {
              comment: 'Index documents and the redirect to /dashboard/',
              runtime: cloudfront.FunctionRuntime.JS_2_0,
              code: cloudfront.FunctionCode.fromInline(DASHBOARD_PATHS_FUNCTION),
            }),
          },
        ],
      },
      priceClass: stage.media.priceClass,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'dashboard-cdn/',
    });
    acknowledge(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'Partners sign in from anywhere; no country is excluded from the sign-in page.' },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'A static page behind a cache; every call it makes goes to the API, which has its own WebACL.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'Served on the default *.cloudfront.net certificate, which CloudFront pins to TLSv1 as its minimum; a custom domain with its own certificate lifts this to TLSv1.2_2021.',
      },
    ]);

    this.origin = `https://${this.distribution.distributionDomainName}`;
    this.url = `${this.origin}${DASHBOARD_PATH}`;
  }

  /**
   * Lets the page call `api` (the policy's connect-src) and deploys it: the build under `dashboard/` and a
   * config.json naming the API's stage URL. Hashed assets are kept across deploys (a page loaded before a deploy
   * still finds its scripts); the page itself and config.json are replaced, and the distribution's copies invalidated.
   */
  callsApi(api: apigateway.RestApi): void {
    const stack = Stack.of(this);
    this.apiOrigin = `https://${api.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    const page = pageAsset();
    // The upload function's log, kept as long as the stage keeps every other log.
    const logGroup = new logs.LogGroup(this, 'UploadLogs', {
      retention: this.stage.logRetention,
      removalPolicy: this.stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [page],
      destinationBucket: this.bucket,
      destinationKeyPrefix: KEY_PREFIX,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      logGroup,
      cacheControl: [s3deploy.CacheControl.fromString(ASSETS_CACHE_CONTROL)],
    });
    const deployPage = new s3deploy.BucketDeployment(this, 'DeployPage', {
      sources: [page, s3deploy.Source.jsonData('config.json', dashboardConfig(api.url))],
      destinationBucket: this.bucket,
      destinationKeyPrefix: KEY_PREFIX,
      exclude: ['assets/*'],
      logGroup,
      cacheControl: [s3deploy.CacheControl.fromString(PAGE_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: [`${DASHBOARD_PATH}*`],
    });
    // The page names hashed assets: they are in place before it is.
    deployPage.node.addDependency(this.node.findChild('DeployAssets'));

    // CDK's one upload function per stack (a singleton beside this construct), as CDK builds it.
    const uploader = deployPage.handlerRole.node.scope!;
    const bucketArn = `<${stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket)}.Arn>`;
    // cdk-nag names the bootstrap bucket as resolved: literal where the stack's environment is pinned.
    const named = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const assetBucket = `arn:${named(stack.partition, 'Partition')}:s3:::cdk-hnb659fds-assets-${named(stack.account, 'AccountId')}-${named(stack.region, 'Region')}/*`;
    acknowledge(uploader, [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: "CDK's bucket-deployment function logs with the basic execution policy; it writes its own log group only.",
      },
      ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: "CDK's grants for copying the page from the asset bucket into the dashboard bucket: read there, write and prune here.",
      })),
      {
        id: `AwsSolutions-IAM5[Resource::${assetBucket}]`,
        reason: "The bootstrap asset bucket, where CDK put the built page: the function reads the page's asset from it.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${bucketArn}/*]`,
        reason: 'The dashboard bucket holds nothing but the page: the function replaces its objects.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'cloudfront:CreateInvalidation and GetInvalidation as CDK grants them, to invalidate the page after an upload.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: "The bucket-deployment function's runtime is the one CDK pins for its handler; it moves with aws-cdk-lib upgrades.",
      },
    ]);
  }
}

/**
 * web/ built with Vite into the asset's folder at synth (skipped, like every bundle, where the stack is not being
 * bundled: `cdk synth` of another stack, template tests). The hash is the build's own, so an unchanged page is not
 * uploaded again.
 */
function pageAsset(): s3deploy.ISource {
  return s3deploy.Source.asset(WEB_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    exclude: ['dist', 'dist.*'],
    bundling: {
      // Never used: the local build below always applies (Node is what runs the synth).
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
      local: {
        tryBundle(outputDir: string): boolean {
          execFileSync(
            process.execPath,
            [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outputDir, '--emptyOutDir'],
            {
              cwd: WEB_ROOT,
              stdio: ['ignore', 'ignore', 'inherit'],
            },
          );
          return true;
        },
      },
    },
  });
}
