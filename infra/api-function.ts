// ApiFunction: the defaults every Lambda function shares, and intention-named grants that add IAM and env together.
import { Aws, ArnFormat, CfnElement, Duration, Names, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import { bundleDirName, functionCode, NODE_OPTIONS } from './bundling.ts';
import { acknowledge } from './nag.ts';
import type { StageConfig } from './stages.ts';

/** Environment variable names the service reads (lib/config.ts and the modules it feeds). */
export const ENV = {
  stage: 'STAGE',
  logLevel: 'LOG_LEVEL',
  tableName: 'TABLE_NAME',
  mediaBaseUrl: 'MEDIA_BASE_URL',
  mediaBucket: 'MEDIA_BUCKET',
  mailFrom: 'MAIL_FROM',
  jwtKeysSecretArn: 'JWT_KEYS_SECRET_ARN',
  jwtIssuer: 'JWT_ISSUER',
  jwtAudience: 'JWT_AUDIENCE',
  walletMnemonicSecretArn: 'WALLET_MNEMONIC_SECRET_ARN',
  apiKeyUsagePlanId: 'API_KEY_USAGE_PLAN_ID',
  apiKeyQuotaPerDay: 'API_KEY_QUOTA_PER_DAY',
  chainRpcUrl: 'CHAIN_RPC_URL',
  chainId: 'CHAIN_ID',
  contractAddress: 'CONTRACT_ADDRESS',
  chainSignerSecretArn: 'CHAIN_SIGNER_SECRET_ARN',
  chainConfirmations: 'CHAIN_CONFIRMATIONS',
  chainBlockSeconds: 'CHAIN_BLOCK_SECONDS',
  chainMaxFeeGwei: 'CHAIN_MAX_FEE_GWEI',
  chainReplaceAfterBlocks: 'CHAIN_REPLACE_AFTER_BLOCKS',
  deliveryDlqUrl: 'DELIVERY_DLQ_URL',
  mintFollowQueueUrl: 'MINT_FOLLOW_QUEUE_URL',
  catalogSnapshotBucket: 'CATALOG_SNAPSHOT_BUCKET',
  chainExplorerUrl: 'CHAIN_EXPLORER_URL',
  corsAllowOrigins: 'CORS_ALLOW_ORIGINS',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  frontendUrl: 'FRONTEND_URL',
  collectionName: 'COLLECTION_NAME',
  collectionDescription: 'COLLECTION_DESCRIPTION',
  commissionDefaultBps: 'COMMISSION_DEFAULT_BPS',
} as const;

/** The alias every caller invokes; deployments move it from one published version to the next. */
export const LIVE_ALIAS = 'live';

/** Table actions for reading: point reads and queries (no Scan: every access path is a key or an index). */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
/** Table actions for writing; transactions need no action of their own, only these per item. */
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

export interface ApiFunctionProps {
  /** Handler module relative to the project root, spelled as in the route table; it exports `handler`. */
  handlerModule: string;
  stage: StageConfig;
  memorySize?: number;
  timeout?: Duration;
  reservedConcurrentExecutions?: number;
  description?: string;
}

export class ApiFunction extends Construct {
  readonly function: lambda.Function;
  readonly handlerModule: string;
  /** Deterministic, so logs are found by name and the API integrates the function by ARN (`liveArnByName`). */
  readonly functionName: string;
  readonly logGroup: logs.LogGroup;
  readonly role: iam.Role;
  /**
   * The `live` alias, which everything that invokes the function (API methods, the authorizer, the stream mapping)
   * calls: each deploy publishes a version, and the alias moves to it at once (staging) or by a CodeDeploy canary
   * (production, see infra/safe-deployments.ts).
   */
  readonly live: lambda.Alias;
  /**
   * True when the function's configuration refers to the REST API's own resources (the usage plan).
   * The API's deployment must then not wait for the function's stack, or CloudFormation sees a cycle
   * (function → usage plan → stage → deployment → function).
   */
  refersToApi = false;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { stage } = props;
    this.handlerModule = props.handlerModule;
    // The stage's stack name, not the stack holding the function: a nested stack's name is CloudFormation's to choose.
    this.functionName = `${stage.stackName}-${bundleDirName(props.handlerModule)}`;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${this.functionName}`,
      retention: stage.logRetention,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // An own role without AWSLambdaBasicExecutionRole: it may write to its own log group and nowhere else.
    const role = (this.role = new FunctionRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.handlerModule} (${stage.name})`,
    }));
    this.logGroup.grantWrite(role);

    this.function = new lambda.Function(this, 'Function', {
      functionName: this.functionName,
      description: props.description ?? props.handlerModule,
      code: functionCode(props.handlerModule),
      // The asset's entry file, index.mjs (infra/bundling.ts), exports `handler`.
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      ...(props.reservedConcurrentExecutions !== undefined && {
        reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      }),
      role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        [ENV.stage]: stage.name,
        [ENV.logLevel]: stage.logLevel,
        NODE_OPTIONS,
      },
    });

    this.live = new lambda.Alias(this, 'Live', { aliasName: LIVE_ALIAS, version: this.function.currentVersion });

    acknowledge(this, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is the runtime the bundles target (esbuild node22) and are tested on; moving to a newer runtime is a deliberate upgrade of the target, not a silent default.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords accept no resource-level permissions.',
      },
    ]);
  }

  /**
   * How cdk-nag names an attribute of a resource in this function's policies: `<LogicalId.Attr>` in the same stack;
   * from a nested stack, the parameter CDK makes for the parent's resource, `<referenceto<unique id><Attr>>`.
   */
  private nameOf(element: CfnElement, attribute: string): string {
    const stack = Stack.of(this);
    if (Stack.of(element) === stack) return `${stack.getLogicalId(element)}.${attribute}`;
    return `referenceto${Names.nodeUniqueId(element.node)}${attribute}`;
  }

  /**
   * Lets API Gateway invoke the live alias for one method of the REST API (the permission lives here, with the
   * function, whichever stack defines the method), or for every method of the path (`*`). Path parameters match any
   * value, as CDK's own permissions do.
   */
  invokedByMethod(api: apigateway.IRestApi, stageName: string, method: string, resourcePath: string): void {
    const arnPath = resourcePath.replace(/\{[^}]*\}/g, '*');
    this.live.addPermission(`ApiInvoke-${method === '*' ? 'ANY' : method}${resourcePath.replace(/[^A-Za-z0-9]/g, '-')}`, {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: Stack.of(this).formatArn({
        service: 'execute-api',
        resource: api.restApiId,
        resourceName: `${stageName}/${method}${arnPath}`,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      }),
    });
  }

  /** Lets API Gateway invoke the live alias as the REST API's authorizer (`authorizerArn`). */
  authorizes(authorizerArn: string): void {
    this.live.addPermission('AuthorizerInvoke', {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: authorizerArn,
    });
  }

  /** The live alias's ARN spelled from the fixed function name: a reference that creates no dependency. */
  liveArnByName(): string {
    return Stack.of(this).formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: `${this.functionName}:${LIVE_ALIAS}`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  }

  private env(name: string, value: string): void {
    this.function.addEnvironment(name, value);
  }

  /** Point reads and queries on the table and its indexes. */
  readsTable(table: dynamodb.ITable): this {
    return this.grantTable(table, TABLE_READ_ACTIONS);
  }

  /** Reads, conditional writes and transactions on the table. */
  writesTable(table: dynamodb.ITable): this {
    return this.grantTable(table, [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS]);
  }

  private grantTable(table: dynamodb.ITable, actions: string[]): this {
    table.grant(this.function, ...actions);
    this.env(ENV.tableName, table.tableName);
    const cfnTable = table.node.defaultChild;
    if (cfnTable instanceof CfnElement) {
      acknowledge(this, [
        {
          id: `AwsSolutions-IAM5[Resource::<${this.nameOf(cfnTable, 'Arn')}>/index/*]`,
          reason: 'Queries go through the table’s secondary indexes; the grant covers this one table’s indexes, nothing else.',
        },
      ]);
    }
    return this;
  }

  /** Answers carry CORS headers for these browser origins (the stage's partner dashboard and frontends). */
  answersBrowsersFrom(origins: readonly string[]): this {
    this.env(ENV.corsAllowOrigins, origins.join(','));
    return this;
  }

  /** Public URLs of stored media are built from this base. */
  linksMedia(mediaBaseUrl: string): this {
    this.env(ENV.mediaBaseUrl, mediaBaseUrl);
    return this;
  }

  /** Describes the stage's tokens: its public address, its frontend (when it has one) and its collection. */
  describesTokens(publicBaseUrl: string, stage: StageConfig): this {
    this.env(ENV.publicBaseUrl, publicBaseUrl);
    if (stage.frontendUrl) this.env(ENV.frontendUrl, stage.frontendUrl);
    this.env(ENV.collectionName, stage.collection.name);
    this.env(ENV.collectionDescription, stage.collection.description);
    return this;
  }

  /** Stores and replaces objects under one prefix of the media bucket; nothing else in it. */
  writesMedia(bucket: s3.IBucket, prefix: string, mediaBaseUrl: string): this {
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects(`${prefix}*`)],
      }),
    );
    const cfnBucket = bucket.node.defaultChild;
    if (cfnBucket instanceof CfnElement) {
      acknowledge(this, [
        {
          id: `AwsSolutions-IAM5[Resource::<${this.nameOf(cfnBucket, 'Arn')}>/${prefix}*]`,
          reason: 'Object keys are chosen per upload at run time; the grant is confined to the upload prefix.',
        },
      ]);
    }
    this.env(ENV.mediaBucket, bucket.bucketName);
    return this.linksMedia(mediaBaseUrl);
  }

  /** Sends mail through SES, from the stage's sender address only. */
  sendsMail(mailFrom: string): this {
    const stack = Stack.of(this);
    const domain = mailFrom.slice(mailFrom.indexOf('@') + 1);
    const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    this.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        // SES authorizes against whichever identity is verified: the domain or the single address.
        resources: [identity(domain), identity(mailFrom)],
        conditions: { StringEquals: { 'ses:FromAddress': mailFrom } },
      }),
    );
    this.env(ENV.mailFrom, mailFrom);
    return this;
  }

  /** Signs or verifies tokens: reads the JWT key set (private keys to sign, public keys to verify). */
  usesJwtKeys(secret: secretsmanager.ISecret, jwt: { issuer: string; audience: string }): this {
    secret.grantRead(this.function);
    this.env(ENV.jwtKeysSecretArn, secret.secretArn);
    this.env(ENV.jwtIssuer, jwt.issuer);
    this.env(ENV.jwtAudience, jwt.audience);
    return this;
  }

  /** Derives users' service wallets from the HD mnemonic. */
  derivesWallets(secret: secretsmanager.ISecret): this {
    secret.grantRead(this.function);
    this.env(ENV.walletMnemonicSecretArn, secret.secretArn);
    return this;
  }

  /** Sends transactions with the chain signer key, within the stage's fee cap, replacing underpriced ones. */
  signsTransactions(secret: secretsmanager.ISecret, chain: StageConfig['chain']): this {
    secret.grantRead(this.function);
    this.env(ENV.chainSignerSecretArn, secret.secretArn);
    this.env(ENV.chainMaxFeeGwei, String(chain.maxFeeGwei));
    this.env(ENV.chainReplaceAfterBlocks, String(chain.replaceAfterBlocks));
    return this;
  }

  /** Names the stage's token contract (records show it) without talking to the chain; nothing until it is deployed. */
  namesContract(chain: StageConfig['chain']): this {
    if (chain.contractAddress) this.env(ENV.contractAddress, chain.contractAddress);
    return this;
  }

  /**
   * Talks to the chain (reads, simulations): RPC endpoint, chain id, its pace, confirmation depth and, once deployed,
   * the contract.
   */
  readsChain(chain: StageConfig['chain']): this {
    this.env(ENV.chainConfirmations, String(chain.confirmations));
    this.env(ENV.chainBlockSeconds, String(chain.blockSeconds));
    this.env(ENV.chainRpcUrl, chain.rpcUrl);
    this.env(ENV.chainId, String(chain.chainId));
    if (chain.contractAddress) this.env(ENV.contractAddress, chain.contractAddress);
    return this;
  }

  /** Records sales in the partners' ledger at the stage's default commission (a partner's own rate overrides it). */
  chargesCommission(bps: number): this {
    this.env(ENV.commissionDefaultBps, String(bps));
    return this;
  }

  /** Links transactions to the chain's block explorer (orders' `explorerUrl`). */
  linksExplorer(chain: StageConfig['chain']): this {
    this.env(ENV.chainExplorerUrl, chain.explorerUrl);
    return this;
  }

  /**
   * Creates partner API keys and adds them to the stage's usage plan (`create`), or deletes them (`revoke`;
   * deleting a key also takes it out of the plan). Both get the usage plan id: it is what makes the
   * service use API Gateway keys instead of its local stand-in.
   */
  managesApiKeys(usagePlan: apigateway.IUsagePlan, mode: 'create' | 'revoke'): this {
    // Pseudo-parameters rather than the stack's region: the ARN (and its cdk-nag finding id) reads the same
    // whether or not the stack is bound to a region at synth time.
    const apigw = (resourcePath: string) => `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::${resourcePath}`;
    if (mode === 'create') {
      this.function.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['apigateway:POST'],
          resources: [apigw('/apikeys'), apigw(`/usageplans/${usagePlan.usagePlanId}/keys`)],
        }),
      );
    }
    // Revoking deletes a key, and so does retiring a rolled key whose window ended; creating deletes the key it just made
    // when the plan refuses it, so none is left lying around outside the plan.
    this.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['apigateway:DELETE'], resources: [apigw('/apikeys/*')] }));
    acknowledge(this, [
      {
        id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:apigateway:<AWS::Region>::/apikeys/*]',
        reason:
          'Key ids exist only at run time and API Gateway offers no condition tying a key to a usage plan; revoking deletes only keys the table records for the caller, retiring only keys the table records as rolled and ended.',
      },
    ]);
    this.env(ENV.apiKeyUsagePlanId, usagePlan.usagePlanId);
    this.refersToApi = true;
    return this;
  }

  /**
   * Counts partner keys' requests against the usage plan's quota, the same limit API Gateway enforces in front of the
   * function. The functions count per UTC day, as a plan with a DAY period does (API Gateway's days are UTC too): a
   * stage with another period would have the two disagree, so it is refused here.
   */
  knowsKeyQuota(quota: StageConfig['throttle']['quota']): this {
    if (quota.period !== apigateway.Period.DAY) {
      throw new Error(`the usage plan's quota period is ${quota.period}: the functions count partner keys' requests per DAY`);
    }
    this.env(ENV.apiKeyQuotaPerDay, String(quota.limit));
    return this;
  }

  /** Reads the requests per key and day the stage's usage plan counted (GetUsage on that plan alone). */
  readsKeyUsage(usagePlan: apigateway.IUsagePlan): this {
    const apigw = (resourcePath: string) => `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}::${resourcePath}`;
    this.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['apigateway:GET'], resources: [apigw(`/usageplans/${usagePlan.usagePlanId}/usage`)] }),
    );
    this.env(ENV.apiKeyUsagePlanId, usagePlan.usagePlanId);
    this.refersToApi = true;
    return this;
  }
}

/**
 * A function's role that holds its grants in one inline policy of its own instead of a separate AWS::IAM::Policy
 * (CDK's default): the same statements, one CloudFormation resource fewer per function (infra/DEPLOY.md, "Room to
 * grow"). Every grant (`grant*`, `addToRolePolicy`, event sources) goes through `addToPrincipalPolicy`.
 */
class FunctionRole extends iam.Role {
  private readonly access: iam.PolicyDocument;

  constructor(scope: Construct, id: string, props: iam.RoleProps) {
    // Merged as CDK merges its default policies (@aws-cdk/aws-iam:minimizePolicies).
    const access = new iam.PolicyDocument({ minimize: true });
    super(scope, id, { ...props, inlinePolicies: { access } });
    this.access = access;
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.access.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}
