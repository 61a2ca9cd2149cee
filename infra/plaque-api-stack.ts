// One deployable stage of the service: data, media, secrets, the functions of the route table (one nested stack per
// area, infra/function-stacks.ts), the API and its alarms, and the partner dashboard (the one browser origin the API
// allows).
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { tableDefinition } from '#lib/db/table.ts';
import { readableByAnyOrigin } from '#lib/http/cors.ts';
import {
  AUTHORIZER_HANDLER,
  CATALOG_SNAPSHOT_HANDLER,
  CODE_MAIL_HANDLER,
  DELIVERY_RECONCILER_HANDLER,
  KEY_DISABLER_HANDLER,
  DELIVERY_WORKER_HANDLER,
  MINT_FOLLOWER_HANDLER,
  functionManifest,
  ORDER_EVENTS_HANDLER,
  handlerModules,
  routes,
  WEBHOOK_SENDER_HANDLER,
} from '#lib/http/routes.ts';
import { Alarms } from './alarms.ts';
import { ApiFunction } from './api-function.ts';
import { bundleDirName } from './bundling.ts';
import { CatalogSnapshots } from './catalog-snapshot.ts';
import { CodeMail } from './code-mail.ts';
import { CustomDomain, jwtIssuerOf } from './custom-domain.ts';
import { DashboardSite } from './dashboard.ts';
import { DataTable } from './data.ts';
import { Delivery } from './delivery.ts';
import { DeliveryReconciler } from './delivery-reconciler.ts';
import { KeyDisabler } from './key-disabler.ts';
import { FunctionStacks } from './function-stacks.ts';
import { HttpApi } from './http-api.ts';
import { MediaStore } from './media.ts';
import { PayloadLimit } from './payload-limit.ts';
import { functionSettings, grantAccess, type ServiceResources } from './permissions.ts';
import { SafeDeployments } from './safe-deployments.ts';
import { ServiceSecrets } from './secrets.ts';
import { frontendOriginsOf, type StageConfig } from './stages.ts';
import { Webhooks } from './webhooks.ts';

export interface PlaqueApiStackProps extends StackProps {
  stage: StageConfig;
}

/** Construct id of a handler module's function: `functions/auth/login.ts` → `AuthLogin`. */
const functionId = (handlerModule: string): string =>
  bundleDirName(handlerModule)
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export class PlaqueApiStack extends Stack {
  readonly stage: StageConfig;
  /** Every function by handler module: the manifest's route handlers, the authorizer and the delivery worker. */
  readonly functions = new Map<string, ApiFunction>();
  /** The nested stacks that hold the functions, one per area of functions/. */
  readonly functionStacks: FunctionStacks;
  readonly httpApi: HttpApi;
  readonly dashboard: DashboardSite;

  constructor(scope: Construct, id: string, props: PlaqueApiStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.stage = stage;

    const data = new DataTable(this, 'Data', { definition: tableDefinition, stage });
    const media = new MediaStore(this, 'Media', { stage });
    const secrets = new ServiceSecrets(this, 'Secrets', { stage });
    const dashboard = (this.dashboard = new DashboardSite(this, 'Dashboard', { stage, logBucket: media.accessLogs }));
    // The dashboard's origin first: where one origin is named alone (the firewall's own answers), it is the dashboard's.
    const corsOrigins = [dashboard.origin, ...frontendOriginsOf(stage)];
    this.httpApi = new HttpApi(this, 'Http', { stage, corsOrigins });
    dashboard.callsApi(this.httpApi.api);
    const catalogSnapshots = new CatalogSnapshots(this, 'CatalogSnapshots', { stage, table: data.table });
    const webhooks = new Webhooks(this, 'Webhooks', { stage });

    const resources: ServiceResources = {
      stage,
      table: data.table,
      secrets,
      media: { bucket: media.bucket, baseUrl: media.baseUrl },
      usagePlan: this.httpApi.usagePlan,
      catalogSnapshots,
      webhooks,
      jwtIssuer: jwtIssuerOf(stage, this.httpApi.api),
      publicBaseUrl: jwtIssuerOf(stage, this.httpApi.api),
    };

    // One function per handler module of the manifest, in its area's nested stack, with exactly the access its
    // operations declare; those that answer HTTP let the dashboard's origin read their answers, and those of public
    // reads any origin (lib/http/cors.ts).
    const answering = new Set(handlerModules());
    const anyOrigin = new Set(handlerModules().filter((module) => routes.filter((r) => r.handler === module).every(readableByAnyOrigin)));
    const functionStacks = (this.functionStacks = new FunctionStacks(
      this,
      stage,
      functionManifest().map((fn) => fn.handler),
    ));
    for (const { handler: handlerModule, access } of functionManifest()) {
      const fn = new ApiFunction(functionStacks.for(handlerModule), functionId(handlerModule), {
        handlerModule,
        stage,
        ...functionSettings(access),
        ...(stage.reservedConcurrency[handlerModule] !== undefined && {
          reservedConcurrentExecutions: stage.reservedConcurrency[handlerModule],
        }),
      });
      grantAccess(fn, access, resources);
      if (answering.has(handlerModule)) fn.answersBrowsersFrom(anyOrigin.has(handlerModule) ? ['*'] : corsOrigins);
      this.functions.set(handlerModule, fn);
    }
    const functionFor = (handlerModule: string): ApiFunction => {
      const fn = this.functions.get(handlerModule);
      if (!fn) throw new Error(`no function for ${handlerModule}`);
      return fn;
    };

    const authorizer = this.httpApi.createAuthorizer(functionFor(AUTHORIZER_HANDLER));
    this.httpApi.addRoutes(routes, functionFor, authorizer);
    // A deployment of the API waits for the functions its methods name (by ARN, so no reference says so), except in
    // an area whose functions refer to the API's usage plan: waiting for those would be a cycle (ApiFunction.refersToApi).
    for (const functionStack of functionStacks.all) {
      const inStack = [...this.functions.values()].filter((fn) => Stack.of(fn) === functionStack);
      if (inStack.some((fn) => fn.refersToApi)) continue;
      this.httpApi.api.latestDeployment?.node.addDependency(functionStack.nestedStackResource!);
    }

    new PayloadLimit(this, 'PayloadLimit', { stage: this.httpApi.api.deploymentStage, corsOrigin: dashboard.origin, config: stage });

    catalogSnapshots.schedule(functionFor(CATALOG_SNAPSHOT_HANDLER));

    const worker = functionFor(DELIVERY_WORKER_HANDLER);
    const follower = functionFor(MINT_FOLLOWER_HANDLER);
    const delivery = new Delivery(this, 'Delivery', { stage, table: data.table, worker, follower });
    // The worker's dead letters and the follower's queue, to the functions whose access names them: the queues are made
    // with the worker, after the grants above.
    for (const { handler: handlerModule, access } of functionManifest()) {
      if (access.readsDeliveryDeadLetters) delivery.grantDeadLetters(functionFor(handlerModule));
      if (access.wakesMintFollower) delivery.grantFollowWakeups(functionFor(handlerModule));
    }
    new DeliveryReconciler(this, 'DeliveryReconciler', { table: data.table, reconciler: functionFor(DELIVERY_RECONCILER_HANDLER) });
    new KeyDisabler(this, 'KeyDisabler', { disabler: functionFor(KEY_DISABLER_HANDLER) });

    const alarms = new Alarms(this, 'Alarms', {
      stage,
      api: this.httpApi.api,
      table: data.table,
      deadLetterQueue: delivery.deadLetterQueue,
      worker,
      follower,
      followQueue: delivery.followQueue,
      followerDeadLetters: delivery.followerDeadLetters,
      reconciler: functionFor(DELIVERY_RECONCILER_HANDLER),
      cappedFunctions: [...this.functions.values()].filter((fn) => stage.reservedConcurrency[fn.handlerModule] !== undefined),
    });

    if (stage.domain) new CustomDomain(this, 'Domain', { domain: stage.domain, api: this.httpApi.api });

    const codeMail = new CodeMail(this, 'CodeMail', { stage, table: data.table, sender: functionFor(CODE_MAIL_HANDLER) });
    codeMail.alarmOn(alarms.topic);

    const webhookFunctions = { eventMaker: functionFor(ORDER_EVENTS_HANDLER), sender: functionFor(WEBHOOK_SENDER_HANDLER) };
    webhooks.connect({ table: data.table, ...webhookFunctions });
    webhooks.alarmOn(alarms.topic, webhookFunctions);

    new SafeDeployments(this, 'Deployments', {
      stage,
      functions: [...this.functions.values()],
      alarms: [alarms.api5xxRate],
      topic: alarms.topic,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.httpApi.api.url, description: 'Base URL of the API stage' });
    new CfnOutput(this, 'PublicBaseUrl', {
      value: resources.publicBaseUrl,
      description:
        "The stage's public address (custom domain, else API stage URL): the contract's token and collection metadata live under it",
    });
    new CfnOutput(this, 'MediaBaseUrl', { value: media.baseUrl });
    new CfnOutput(this, 'DashboardUrl', { value: dashboard.url, description: 'The partner dashboard' });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'UsagePlanId', { value: this.httpApi.usagePlan.usagePlanId });
    new CfnOutput(this, 'JwtKeysSecretArn', { value: secrets.jwtKeys.secretArn });
    new CfnOutput(this, 'WalletMnemonicSecretArn', { value: secrets.walletMnemonic.secretArn });
    new CfnOutput(this, 'ChainSignerSecretArn', { value: secrets.chainSigner.secretArn });
    new CfnOutput(this, 'DeliveryDlqUrl', { value: delivery.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'MintFollowerDlqUrl', { value: delivery.followerDeadLetters.queueUrl });
    new CfnOutput(this, 'AccessLogGroup', { value: this.httpApi.accessLogs.logGroupName });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    new CfnOutput(this, 'WebhookWakeupDlqUrl', { value: webhooks.wakeupDeadLetters.queueUrl });
    new CfnOutput(this, 'CodeMailDlqUrl', { value: codeMail.deadLetterQueue.queueUrl });
  }
}
