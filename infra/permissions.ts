// Turns a function's access, declared in the operation manifest (lib/http/routes.ts), into IAM grants and env.
//
// Adjusting access: edit the operation's `access` in the manifest (or the background function's), nowhere else.
// Every grant below adds exactly the IAM statements and environment variables that go with it (see ApiFunction),
// so a function never sees a secret ARN or table name it has no permission for, and vice versa.
import { Duration } from 'aws-cdk-lib';
import type { IUsagePlan } from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { FunctionAccess } from '#lib/http/function-access.ts';
import type { ApiFunction, ApiFunctionProps } from './api-function.ts';
import type { CatalogSnapshots } from './catalog-snapshot.ts';
import type { Webhooks } from './webhooks.ts';
import type { StageConfig } from './stages.ts';

/** What the grants can point at: the stage's shared resources. */
export interface ServiceResources {
  stage: StageConfig;
  table: ITable;
  secrets: { jwtKeys: ISecret; walletMnemonic: ISecret; chainSigner: ISecret };
  media: { bucket: IBucket; baseUrl: string };
  usagePlan: IUsagePlan;
  catalogSnapshots: CatalogSnapshots;
  webhooks: Webhooks;
  /** The stage's JWT issuer (its custom domain's URL, else its stage URL). */
  jwtIssuer: string;
  /** The stage's public base URL (the same: its custom domain's URL, else its stage URL). */
  publicBaseUrl: string;
}

/** The function settings an access declaration fixes. */
export function functionSettings(access: FunctionAccess): Pick<ApiFunctionProps, 'memorySize' | 'timeout'> {
  return {
    ...(access.memorySize !== undefined && { memorySize: access.memorySize }),
    ...(access.timeoutSeconds !== undefined && { timeout: Duration.seconds(access.timeoutSeconds) }),
  };
}

/** Applies one function's declared access. */
export function grantAccess(fn: ApiFunction, access: FunctionAccess, resources: ServiceResources): void {
  if (access.table === 'read') fn.readsTable(resources.table);
  if (access.table === 'readWrite') fn.writesTable(resources.table);
  if (access.jwtKeys) fn.usesJwtKeys(resources.secrets.jwtKeys, { issuer: resources.jwtIssuer, audience: resources.stage.jwt.audience });
  if (access.walletMnemonic) fn.derivesWallets(resources.secrets.walletMnemonic);
  if (access.chainSigner) fn.signsTransactions(resources.secrets.chainSigner, resources.stage.chain);
  if (access.chain) fn.readsChain(resources.stage.chain);
  else if (access.namesContract) fn.namesContract(resources.stage.chain);
  if (access.linksExplorer) fn.linksExplorer(resources.stage.chain);
  if (access.writesMedia !== undefined) fn.writesMedia(resources.media.bucket, access.writesMedia, resources.media.baseUrl);
  else if (access.linksMedia) fn.linksMedia(resources.media.baseUrl);
  if (access.describesTokens) fn.describesTokens(resources.publicBaseUrl, resources.stage);
  if (access.sendsMail) fn.sendsMail(resources.stage.mailFrom);
  if (access.apiKeys) fn.managesApiKeys(resources.usagePlan, access.apiKeys);
  if (access.catalogSnapshot === 'read') resources.catalogSnapshots.grantRead(fn);
  if (access.catalogSnapshot === 'write') resources.catalogSnapshots.grantWrite(fn);
  if (access.webhookQueue) resources.webhooks.grantWakeups(fn);
  if (access.webhookSecrets) resources.webhooks.grantSecrets(fn, access.webhookSecrets);
  if (access.readsKeyUsage) fn.readsKeyUsage(resources.usagePlan);
  if (access.keyQuota) fn.knowsKeyQuota(resources.stage.throttle.quota);
  if (access.chargesCommission) fn.chargesCommission(resources.stage.commissionBps);
}
