// Suite: the Lambda functions in the synthesized templates: shared defaults, per-handler env and IAM, the stream worker.
import { describe, expect, it } from 'vitest';
import { CfnElement, Stack } from 'aws-cdk-lib';
import { DELIVERY_STREAM_FILTERS } from '#lib/delivery/stream-filter.ts';
import { ENTITY } from '#lib/db/keys.ts';
import {
  AUTHORIZER_HANDLER,
  CATALOG_SNAPSHOT_HANDLER,
  CODE_MAIL_HANDLER,
  DELIVERY_RECONCILER_HANDLER,
  DELIVERY_WORKER_HANDLER,
  functionManifest,
  KEY_DISABLER_HANDLER,
  handlerModules,
  MINT_FOLLOWER_HANDLER,
  ORDER_EVENTS_HANDLER,
  routes,
  WEBHOOK_SENDER_HANDLER,
} from '#lib/http/routes.ts';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import { readableByAnyOrigin } from '#lib/http/cors.ts';
import { ENV, TABLE_READ_ACTIONS, TABLE_WRITE_ACTIONS } from '../../infra/api-function.ts';
import { NODE_OPTIONS } from '../../infra/bundling.ts';
import { stageNames, stages } from '../../infra/stages.ts';
import { WEBHOOK_ENV } from '../../infra/webhooks.ts';
import {
  asArray,
  dependencyGraph,
  findCycle,
  functionsByModule,
  logicalIdOf,
  resourcesOf,
  roleStatements,
  stackTemplates,
  synthStage,
} from './synth.ts';

const allModules = [
  ...handlerModules(),
  AUTHORIZER_HANDLER,
  CODE_MAIL_HANDLER,
  DELIVERY_WORKER_HANDLER,
  MINT_FOLLOWER_HANDLER,
  DELIVERY_RECONCILER_HANDLER,
  CATALOG_SNAPSHOT_HANDLER,
  ORDER_EVENTS_HANDLER,
  WEBHOOK_SENDER_HANDLER,
  KEY_DISABLER_HANDLER,
];
/** What each function may touch, as the manifest declares it. */
const functionAccess: Record<string, FunctionAccess> = Object.fromEntries(functionManifest().map((fn) => [fn.handler, fn.access]));

/**
 * The environment variables an access entry implies, besides STAGE, LOG_LEVEL
 * and NODE_OPTIONS; functions that answer HTTP also name the dashboard's origin for CORS.
 */
function expectedEnv(
  access: FunctionAccess,
  stage: { chain: { contractAddress: string | null }; frontendUrl?: string },
  module?: string,
): string[] {
  return [
    ...(access.readsDeliveryDeadLetters ? [ENV.deliveryDlqUrl] : []),
    ...(access.wakesMintFollower ? [ENV.mintFollowQueueUrl] : []),
    ...(module !== undefined && handlerModules().includes(module) ? [ENV.corsAllowOrigins] : []),
    ...(access.table ? [ENV.tableName] : []),
    ...(access.jwtKeys ? [ENV.jwtKeysSecretArn, ENV.jwtIssuer, ENV.jwtAudience] : []),
    ...(access.walletMnemonic ? [ENV.walletMnemonicSecretArn] : []),
    ...(access.chainSigner ? [ENV.chainSignerSecretArn, ENV.chainMaxFeeGwei, ENV.chainReplaceAfterBlocks] : []),
    ...(access.chain
      ? [
          ENV.chainRpcUrl,
          ENV.chainId,
          ENV.chainConfirmations,
          ENV.chainBlockSeconds,
          ...(stage.chain.contractAddress ? [ENV.contractAddress] : []),
        ]
      : access.namesContract && stage.chain.contractAddress
        ? [ENV.contractAddress]
        : []),
    ...(access.linksExplorer ? [ENV.chainExplorerUrl] : []),
    ...(access.writesMedia ? [ENV.mediaBucket, ENV.mediaBaseUrl] : access.linksMedia ? [ENV.mediaBaseUrl] : []),
    ...(access.describesTokens
      ? [ENV.publicBaseUrl, ENV.collectionName, ENV.collectionDescription, ...(stage.frontendUrl ? [ENV.frontendUrl] : [])]
      : []),
    ...(access.sendsMail ? [ENV.mailFrom] : []),
    ...(access.apiKeys || access.readsKeyUsage ? [ENV.apiKeyUsagePlanId] : []),
    ...(access.catalogSnapshot ? [ENV.catalogSnapshotBucket] : []),
    ...(access.webhookQueue ? [WEBHOOK_ENV.queueUrl] : []),
    ...(access.webhookSecrets ? [WEBHOOK_ENV.keyArn] : []),
    ...(access.chargesCommission ? [ENV.commissionDefaultBps] : []),
    ...(access.keyQuota ? [ENV.apiKeyQuotaPerDay] : []),
  ].sort();
}

const actionsOf = (statements: Array<Record<string, any>>) => statements.flatMap((s) => asArray<string>(s['Action']));

describe('the access the manifest declares', () => {
  it('covers every handler module and every function no route leads to, once each', () => {
    expect(
      functionManifest()
        .map((fn) => fn.handler)
        .sort(),
    ).toEqual([...allModules].sort());
  });

  it('gives a function serving several operations what any of them needs', () => {
    const listing = routes.filter((r) => r.handler === 'functions/plaques/list-featured.ts');
    expect(listing.map((r) => r.method).sort()).toEqual(['GET', 'POST']);
    expect(functionAccess['functions/plaques/list-featured.ts']).toEqual({
      table: 'read',
      catalogSnapshot: 'read',
      memorySize: 1024,
      linksMedia: true,
      namesContract: true,
    });
    for (const fn of functionManifest()) {
      for (const route of fn.routes) {
        if (route.access.table) expect(fn.access.table, route.operationId).toBeDefined();
        if (route.access.table === 'readWrite') expect(fn.access.table, route.operationId).toBe('readWrite');
        if (route.access.jwtKeys) expect(fn.access.jwtKeys, route.operationId).toBe(true);
      }
    }
  });

  it('keeps the authorizer away from the table: it only reads the JWT key set', () => {
    expect(functionAccess[AUTHORIZER_HANDLER]).toEqual(expect.objectContaining({ jwtKeys: true }));
    expect(functionAccess[AUTHORIZER_HANDLER]!.table).toBeUndefined();
  });
});

describe.each(stageNames)('%s functions', (stageName) => {
  const stage = stages[stageName];

  it('builds one function per handler module, plus every function no route leads to', () => {
    const { template } = synthStage(stageName);
    const fns = functionsByModule(template);
    expect([...fns.keys()].sort()).toEqual([...allModules].sort());
    for (const [module, fn] of fns) {
      expect(fn.properties['FunctionName']).toBe(
        `${stage.stackName}-${module
          .replace(/^functions\//, '')
          .replace(/\.ts$/, '')
          .replace(/\//g, '-')}`,
      );
    }
  });

  it('runs every function on nodejs22.x, arm64, with active tracing, source maps and its own log group', () => {
    const { template } = synthStage(stageName);
    for (const [module, fn] of functionsByModule(template)) {
      const p = fn.properties;
      expect(p['Runtime'], module).toBe('nodejs22.x');
      expect(p['Architectures'], module).toEqual(['arm64']);
      expect(p['Handler'], module).toBe('index.handler');
      expect(p['TracingConfig'], module).toEqual({ Mode: 'Active' });
      expect(p['Environment'].Variables, module).toMatchObject({ NODE_OPTIONS, STAGE: stage.name, LOG_LEVEL: stage.logLevel });
      expect(p['LoggingConfig'].LogGroup.Ref, module).toBeDefined();
    }
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: stage.logRetention });
  });

  it('sizes each function as its declared access says (512 MB and 10 s unless declared)', () => {
    const { template } = synthStage(stageName);
    for (const [module, fn] of functionsByModule(template)) {
      expect(fn.properties['MemorySize'], module).toBe(functionAccess[module]!.memorySize ?? 512);
      expect(fn.properties['Timeout'], module).toBe(functionAccess[module]!.timeoutSeconds ?? 10);
    }
    expect(functionsByModule(template).get(AUTHORIZER_HANDLER)!.properties['Timeout']).toBe(5);
    expect(functionsByModule(template).get(DELIVERY_WORKER_HANDLER)!.properties['Timeout']).toBe(120);
  });

  it('gives each function exactly the environment its access entry implies', () => {
    const { template } = synthStage(stageName);
    for (const [module, fn] of functionsByModule(template)) {
      const names = Object.keys(fn.properties['Environment'].Variables).filter(
        (name) => !['STAGE', 'LOG_LEVEL', 'NODE_OPTIONS'].includes(name),
      );
      expect(names.sort(), module).toEqual(expectedEnv(functionAccess[module]!, stage, module));
    }
  });

  it("gives every function that counts partner keys' requests the usage plan's own daily quota", () => {
    const { template } = synthStage(stageName);
    const plans = Object.values(resourcesOf(template, 'AWS::ApiGateway::UsagePlan'));
    expect(plans).toHaveLength(1);
    const quota = plans[0]!.Properties!['Quota'] as { Limit: number; Period: string };
    expect(quota).toEqual({ Limit: stage.throttle.quota.limit, Period: 'DAY' });
    const fns = functionsByModule(template);
    const counting = new Set(routes.filter((route) => route.auth.meter).map((route) => route.handler));
    expect([...counting].sort()).toEqual(
      routes
        .filter((route) => route.auth.kind === 'apiKey')
        .map((route) => route.handler)
        .sort(),
    );
    for (const module of counting) {
      expect(fns.get(module)!.properties['Environment'].Variables[ENV.apiKeyQuotaPerDay], module).toBe(String(quota.Limit));
    }
  });

  it('sets chain, mail, JWT and commission settings from the stage config', () => {
    const { template } = synthStage(stageName);
    const fns = functionsByModule(template);
    for (const module of [DELIVERY_WORKER_HANDLER, MINT_FOLLOWER_HANDLER]) {
      expect(fns.get(module)!.properties['Environment'].Variables).toMatchObject({
        CHAIN_RPC_URL: stage.chain.rpcUrl,
        CHAIN_ID: String(stage.chain.chainId),
        CHAIN_CONFIRMATIONS: String(stage.chain.confirmations),
        CHAIN_BLOCK_SECONDS: String(stage.chain.blockSeconds),
        CHAIN_MAX_FEE_GWEI: String(stage.chain.maxFeeGwei),
        CHAIN_REPLACE_AFTER_BLOCKS: String(stage.chain.replaceAfterBlocks),
        ...(stage.chain.contractAddress && { CONTRACT_ADDRESS: stage.chain.contractAddress }),
      });
    }
    expect(fns.get('functions/partner/get-order.ts')!.properties['Environment'].Variables).toMatchObject({
      CHAIN_EXPLORER_URL: stage.chain.explorerUrl,
    });
    expect(fns.get(CODE_MAIL_HANDLER)!.properties['Environment'].Variables).toMatchObject({ MAIL_FROM: stage.mailFrom });
    expect(fns.get('functions/partner/buy-plaque.ts')!.properties['Environment'].Variables).toMatchObject({
      COMMISSION_DEFAULT_BPS: String(stage.commissionBps),
    });
    expect(fns.get(AUTHORIZER_HANDLER)!.properties['Environment'].Variables).toMatchObject({
      JWT_ISSUER: { 'Fn::Join': ['', expect.arrayContaining([expect.stringContaining('.execute-api.'), `/${stage.apiStageName}`])] },
      JWT_AUDIENCE: stage.jwt.audience,
    });
  });

  it('grants table actions by access: reads to readers, writes only to writers, nothing to the rest', () => {
    const { template } = synthStage(stageName);
    for (const [module, fn] of functionsByModule(template)) {
      const dynamo = actionsOf(roleStatements(template, fn.properties['Role']['Fn::GetAtt'][0])).filter((a) => a.startsWith('dynamodb:'));
      const access = functionAccess[module]!;
      const streamActions =
        module === DELIVERY_WORKER_HANDLER || module === ORDER_EVENTS_HANDLER || module === CODE_MAIL_HANDLER
          ? ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams']
          : module === DELIVERY_RECONCILER_HANDLER
            ? ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator']
            : [];
      const tableActions = dynamo.filter((a) => !streamActions.includes(a));
      if (!access.table) expect(tableActions, module).toEqual([]);
      if (access.table === 'read') expect(tableActions.sort(), module).toEqual([...TABLE_READ_ACTIONS].sort());
      if (access.table === 'readWrite') {
        expect(tableActions.sort(), module).toEqual([...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS].sort());
      }
      expect(dynamo, module).not.toContain('dynamodb:Scan');
    }
  });

  it('lets the authorizer read the JWT key secret and nothing else', () => {
    const { stack, template } = synthStage(stageName);
    const authorizer = functionsByModule(template).get(AUTHORIZER_HANDLER)!;
    const statements = roleStatements(template, authorizer.properties['Role']['Fn::GetAtt'][0]);
    const secretStatements = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('secretsmanager:')));
    expect(secretStatements).toHaveLength(1);
    expect(secretStatements[0]!['Resource']).toEqual({
      Ref: logicalIdOf(stack.node.findChild('Secrets').node.findChild('jwt-signing-keys')),
    });
    const rest = statements.filter((s) => actionsOf([s]).every((a) => !a.startsWith('xray:') && !a.startsWith('secretsmanager:')));
    // What remains is writing its own log group.
    expect(actionsOf(rest).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(JSON.stringify(rest[0]!['Resource'])).toContain(authorizer.properties['LoggingConfig'].LogGroup.Ref);
  });

  it('confines media writes to the upload prefix and mail to the stage sender', () => {
    const { template } = synthStage(stageName);
    const fns = functionsByModule(template);
    const profile = roleStatements(template, fns.get('functions/auth/update-profile.ts')!.properties['Role']['Fn::GetAtt'][0]);
    const s3 = profile.find((s) => actionsOf([s]).includes('s3:PutObject'))!;
    expect(JSON.stringify(s3['Resource'])).toContain(`/${functionAccess['functions/auth/update-profile.ts']!.writesMedia}*`);
    expect(functionAccess['functions/auth/update-profile.ts']!.writesMedia).toBe('users/');
    const mail = roleStatements(template, fns.get(CODE_MAIL_HANDLER)!.properties['Role']['Fn::GetAtt'][0]).find((s) =>
      actionsOf([s]).includes('ses:SendEmail'),
    )!;
    expect(mail['Condition']).toEqual({ StringEquals: { 'ses:FromAddress': stage.mailFrom } });
    for (const [module, fn] of fns) {
      const actions = actionsOf(roleStatements(template, fn.properties['Role']['Fn::GetAtt'][0]));
      if (functionAccess[module]!.writesMedia === undefined && !functionAccess[module]!.catalogSnapshot)
        expect(
          actions.filter((a) => a.startsWith('s3:')),
          module,
        ).toEqual([]);
      if (!functionAccess[module]!.sendsMail)
        expect(
          actions.filter((a) => a.startsWith('ses:')),
          module,
        ).toEqual([]);
    }
  });

  it('lets only the API key functions manage keys of the stage usage plan, and the usage function read its usage', () => {
    const { template } = synthStage(stageName);
    const plan = Object.keys(resourcesOf(template, 'AWS::ApiGateway::UsagePlan'))[0]!;
    for (const [module, fn] of functionsByModule(template)) {
      const statements = roleStatements(template, fn.properties['Role']['Fn::GetAtt'][0]);
      const apigw = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('apigateway:')));
      const mode = functionAccess[module]!.apiKeys;
      if (functionAccess[module]!.readsKeyUsage) {
        expect(fn.properties['Environment'].Variables['API_KEY_USAGE_PLAN_ID']).toEqual({ Ref: plan });
        expect(actionsOf(apigw)).toEqual(['apigateway:GET']);
        const resource = JSON.stringify(apigw.flatMap((s) => asArray(s['Resource'])));
        expect(resource).toContain('::/usageplans/');
        expect(resource).toContain(plan);
        expect(resource).toContain('/usage"');
        continue;
      }
      if (!mode) {
        expect(apigw, module).toEqual([]);
        continue;
      }
      expect(fn.properties['Environment'].Variables['API_KEY_USAGE_PLAN_ID']).toEqual({ Ref: plan });
      const byAction = (action: string) => apigw.filter((s) => actionsOf([s]).includes(action)).flatMap((s) => asArray(s['Resource']));
      expect(actionsOf(apigw).sort()).toEqual(mode === 'create' ? ['apigateway:DELETE', 'apigateway:POST'] : ['apigateway:DELETE']);
      expect(JSON.stringify(byAction('apigateway:DELETE'))).toContain('::/apikeys/*');
      if (mode === 'create') {
        expect(JSON.stringify(byAction('apigateway:POST'))).toContain('::/apikeys"');
        expect(JSON.stringify(byAction('apigateway:POST'))).toContain(plan);
      }
    }
  });

  it('has no dependency cycle, though the API key functions refer to the usage plan of the stage they serve', () => {
    const { stack, template } = synthStage(stageName);
    const graph = dependencyGraph(template);
    expect(findCycle(graph)).toBeUndefined();
    // Nor between the stage's stack and the nested stacks of its functions, nor within any of them.
    for (const { stack: one, template: own } of stackTemplates(stack))
      expect(findCycle(dependencyGraph(own)), one.node.path).toBeUndefined();
    // Every method names its function by ARN; the function's invoke permission for that method is made with it
    // (it depends on the alias), in the function's own stack.
    for (const route of routes) {
      const fn = stack.functions.get(route.handler)!;
      const alias = logicalIdOf(fn.live);
      const arnPath = route.path.replace(/\{[^}]*\}/g, '*');
      const permissions = Object.entries(resourcesOf(template, 'AWS::Lambda::Permission')).filter(
        ([, p]) =>
          JSON.stringify(p.Properties!['FunctionName']) === JSON.stringify({ Ref: alias }) &&
          JSON.stringify(p.Properties!['SourceArn']).includes(
            // A public read's function answers its GET and HEAD methods: one permission for its path.
            `/${stage.apiStageName}/${readableByAnyOrigin(route) ? '*' : route.method}${arnPath}"`,
          ),
      );
      expect(permissions, `${route.method} ${route.path}`).toHaveLength(1);
      const [id, permission] = permissions[0]!;
      expect(permission.Properties!['Principal']).toBe('apigateway.amazonaws.com');
      expect(graph.get(id)!.has(alias), `${route.method} ${route.path}`).toBe(true);
      const ownResources = fn.node.findAll().filter((c): c is CfnElement => c instanceof CfnElement);
      expect(
        ownResources.map((c) => Stack.of(fn).resolve(c.logicalId)),
        `${route.method} ${route.path}`,
      ).toContain(id);
    }
  });

  it('reserves concurrency where the stage config caps a function, and nowhere else', () => {
    const { template } = synthStage(stageName);
    for (const [module, fn] of functionsByModule(template)) {
      expect(fn.properties['ReservedConcurrentExecutions'], module).toBe(stage.reservedConcurrency[module]);
    }
  });

  it('feeds the sender sold orders from the table stream, 50 at most, gathered under a block, with bounded retries, bisection and a DLQ', () => {
    const { stack, template } = synthStage(stageName);
    // The stream feeds the worker's live alias: a new version takes the records once the deployment moved it.
    const alias = logicalIdOf(stack.functions.get(DELIVERY_WORKER_HANDLER)!.live);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties!['FunctionName']).includes(`"Ref":"${alias}"`),
    );
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties!;
    const table = logicalIdOf(stack.node.findChild('Data').node.findChild('Table'));
    const queue = logicalIdOf(stack.node.findChild('Delivery').node.findChild('DeadLetters'));
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [table, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: stage.delivery.batchSize,
      MaximumBatchingWindowInSeconds: stage.delivery.batchWindowSeconds,
      ParallelizationFactor: 1,
      MaximumRetryAttempts: stage.delivery.retryAttempts,
      BisectBatchOnFunctionError: true,
      MaximumRecordAgeInSeconds: stage.delivery.maxRecordAgeHours * 3600,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
    });
    const pattern = JSON.parse(mapping['FilterCriteria'].Filters[0].Pattern);
    // A buy inserts a SOLD order; an operator's re-queue modifies one back to SOLD: both must reach the worker.
    expect(pattern).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { NewImage: { entity: { S: [ENTITY.order] }, status: { S: ['SOLD'] } } },
    });
    expect(mapping['FilterCriteria'].Filters).toHaveLength(DELIVERY_STREAM_FILTERS.length);
    // A mint transaction's worth of orders, gathered at most a block: a lone order is not held up for company.
    expect(stage.delivery.batchSize).toBe(50);
    expect(stage.delivery.batchWindowSeconds).toBeLessThanOrEqual(stage.chain.blockSeconds);
  });

  it('runs one sender at a time: one signer, one sequence of nonces', () => {
    const { template } = synthStage(stageName);
    expect(functionsByModule(template).get(DELIVERY_WORKER_HANDLER)!.properties['ReservedConcurrentExecutions']).toBe(1);
  });

  it('wakes the follower from its encrypted queue (ten at once at most), with a DLQ, sent to by the sender, the follower and the reconciler alone', () => {
    const { stack, template } = synthStage(stageName);
    const queue = logicalIdOf(stack.node.findChild('Delivery').node.findChild('FollowQueue'));
    const dlq = logicalIdOf(stack.node.findChild('Delivery').node.findChild('FollowerDeadLetters'));
    const alias = logicalIdOf(stack.functions.get(MINT_FOLLOWER_HANDLER)!.live);
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m.Properties!['FunctionName']).includes(`"Ref":"${alias}"`),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
    const queueProps = resourcesOf(template, 'AWS::SQS::Queue')[queue]!.Properties!;
    expect(queueProps).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 720,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] }, maxReceiveCount: 5 },
    });
    for (const [module, fn] of functionsByModule(template)) {
      const sends = roleStatements(template, fn.properties['Role']['Fn::GetAtt'][0]).some(
        (s) => asArray<string>(s['Action']).includes('sqs:SendMessage') && JSON.stringify(s['Resource']).includes(`"${queue}"`),
      );
      expect(sends, module).toBe([DELIVERY_WORKER_HANDLER, MINT_FOLLOWER_HANDLER, DELIVERY_RECONCILER_HANDLER].includes(module));
      expect(fn.properties['Environment'].Variables[ENV.mintFollowQueueUrl] !== undefined, module).toBe(sends);
    }
  });
});

/** The schedule expressions of the rules that invoke a function's live alias (deployments.suite.ts checks every trigger). */
function schedulesOf(stageName: (typeof stageNames)[number], handlerModule: string): unknown[] {
  const { stack, template } = synthStage(stageName);
  const alias = logicalIdOf(stack.functions.get(handlerModule)!.live);
  return Object.values(resourcesOf(template, 'AWS::Events::Rule'))
    .filter((r) => JSON.stringify(r.Properties!['Targets']).includes(`"Ref":"${alias}"`))
    .map((r) => r.Properties!['ScheduleExpression']);
}

describe.each(stageNames)('the delivery reconciler (%s)', (stageName) => {
  it('runs every minute, reads and deletes the worker’s dead letters and the stream they point into, and signs nothing', () => {
    const { stack, template } = synthStage(stageName);
    const reconciler = functionsByModule(template).get(DELIVERY_RECONCILER_HANDLER)!;
    expect(schedulesOf(stageName, DELIVERY_RECONCILER_HANDLER)).toEqual(['rate(1 minute)']);
    const queue = logicalIdOf(stack.node.findChild('Delivery').node.findChild('DeadLetters'));
    const table = logicalIdOf(stack.node.findChild('Data').node.findChild('Table'));
    expect(reconciler.properties['Environment'].Variables[ENV.deliveryDlqUrl]).toEqual({ Ref: queue });
    const statements = roleStatements(template, reconciler.properties['Role']['Fn::GetAtt'][0]);
    const on = (action: string) =>
      statements.filter((s) => asArray<string>(s['Action']).includes(action)).flatMap((s) => asArray(s['Resource']));
    expect(on('sqs:DeleteMessage')).toEqual([{ 'Fn::GetAtt': [queue, 'Arn'] }]);
    expect(on('sqs:ReceiveMessage')).toEqual([{ 'Fn::GetAtt': [queue, 'Arn'] }]);
    expect(on('dynamodb:GetRecords')).toEqual([{ 'Fn::GetAtt': [table, 'StreamArn'] }]);
    expect(reconciler.properties['Environment'].Variables[ENV.chainSignerSecretArn]).toBeUndefined();
  });
});

describe.each(stageNames)('the delivery worker’s dead letters (%s)', (stageName) => {
  it('are granted to exactly the functions whose access reads them', () => {
    const { stack, template } = synthStage(stageName);
    const queue = logicalIdOf(stack.node.findChild('Delivery').node.findChild('DeadLetters'));
    for (const [module, fn] of functionsByModule(template)) {
      const reads = roleStatements(template, fn.properties['Role']['Fn::GetAtt'][0]).some(
        (s) => asArray<string>(s['Action']).includes('sqs:ReceiveMessage') && JSON.stringify(s['Resource']).includes(`"${queue}"`),
      );
      expect(reads, module).toBe(functionAccess[module]!.readsDeliveryDeadLetters === true);
    }
  });
});

describe.each(stageNames)('the key disabler and the hold and key operations (%s)', (stageName) => {
  it('runs the key retirer every 5 minutes on its live alias, with the table and API Gateway key DELETE alone', () => {
    const { template } = synthStage(stageName);
    const disabler = functionsByModule(template).get(KEY_DISABLER_HANDLER)!;
    expect(schedulesOf(stageName, KEY_DISABLER_HANDLER)).toEqual(['rate(5 minutes)']);
    const statements = roleStatements(template, disabler.properties['Role']['Fn::GetAtt'][0]);
    // An ended key is deleted, not only disabled: a disabled key still counts against the account's API Gateway keys.
    expect(actionsOf(statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('apigateway:'))))).toEqual(['apigateway:DELETE']);
    expect(actionsOf(statements)).toContain('dynamodb:Query');
    expect(actionsOf(statements)).toContain('dynamodb:DeleteItem');
  });

  it('keeps releasing a hold, rolling a key and the key disabler with the partner functions, in their area', () => {
    const { stack } = synthStage(stageName);
    const stackOf = (module: string) => Stack.of(stack.functions.get(module)!).node.id;
    expect(stackOf('functions/partner/release-hold.ts')).toBe('PartnerFunctions');
    expect(stackOf('functions/partner/roll-api-key.ts')).toBe('PartnerFunctions');
    expect(stackOf(KEY_DISABLER_HANDLER)).toBe('PartnerFunctions');
  });
});
