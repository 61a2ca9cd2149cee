// What each function may touch, keyed by handler module: the stack turns each entry into IAM grants and env.
//
// Adjusting access: edit the handler's entry here, nowhere else. Every grant below adds exactly the IAM
// statements and environment variables that go with it (see ApiFunction), so a function never sees a
// secret ARN or table name it has no permission for, and vice versa. A handler module that is missing
// here fails the synth with its name, so a new route cannot ship with accidental access.
import { Duration } from 'aws-cdk-lib';
import { AUTHORIZER_HANDLER, DELIVERY_WORKER_HANDLER } from '#lib/http/routes.ts';
import type { IUsagePlan } from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ApiFunction } from './api-function.ts';
import type { StageConfig } from './stages.ts';

/** What the grants can point at: the stage's shared resources. */
export interface ServiceResources {
  stage: StageConfig;
  table: ITable;
  secrets: { jwtKeys: ISecret; walletMnemonic: ISecret; chainSigner: ISecret };
  media: { bucket: IBucket; baseUrl: string };
  usagePlan: IUsagePlan;
}

export interface FunctionAccess {
  /** `read`: GetItem/BatchGetItem/Query/ConditionCheckItem; `readWrite` adds Put/Update/Delete/BatchWrite. */
  table?: 'read' | 'readWrite';
  /** Signs or verifies JWTs (JWT_KEYS_SECRET_ARN, JWT_ISSUER, JWT_AUDIENCE). */
  jwtKeys?: boolean;
  /** Derives service wallets from the HD mnemonic (WALLET_MNEMONIC_SECRET_ARN). */
  walletMnemonic?: boolean;
  /** Signs chain transactions (CHAIN_SIGNER_SECRET_ARN). */
  chainSigner?: boolean;
  /** Reads or simulates on the chain (CHAIN_RPC_URL, CHAIN_ID, CONTRACT_ADDRESS). */
  chain?: boolean;
  /** Builds public URLs of stored images (MEDIA_BASE_URL). */
  linksMedia?: boolean;
  /** Puts and deletes images under the stage's upload prefix (MEDIA_BUCKET, MEDIA_BASE_URL). */
  writesMedia?: boolean;
  /** Sends mail from the stage's sender address (MAIL_FROM). */
  sendsMail?: boolean;
  /** Creates or revokes API Gateway keys in the stage's usage plan (API_KEY_USAGE_PLAN_ID). */
  apiKeys?: 'create' | 'revoke';
  memorySize?: number;
  timeout?: Duration;
}

// Best reading of each operation from the contract (API.md); tighten or widen as handlers are written.
export const functionAccess: Readonly<Record<string, FunctionAccess>> = {
  'functions/plaques/list-featured.ts': { table: 'read' },
  // Served from the zod schemas bundled into the function: touches nothing.
  'functions/system/openapi.ts': {},
  // Sign-up and sign-in in one: creates the user (and its service wallet address), stores the code's hash
  // (keyed with the code-hash key kept in the JWT key set) and mails the code.
  'functions/auth/request-code.ts': { table: 'readWrite', walletMnemonic: true, jwtKeys: true, sendsMail: true },
  'functions/auth/verify-email.ts': { table: 'readWrite', jwtKeys: true },
  // Writes the failure counter that throttles password guessing.
  'functions/auth/login.ts': { table: 'readWrite', jwtKeys: true },
  // The authorizer verified the token already; the handler re-reads the user and its token version.
  // (Stored users carry their image's full URL, so only the uploading handler needs MEDIA_BASE_URL.)
  'functions/auth/get-profile.ts': { table: 'read' },
  // Decoding and checking a 4 MiB image needs memory; a password change returns a fresh token.
  'functions/auth/update-profile.ts': { table: 'readWrite', writesMedia: true, jwtKeys: true, memorySize: 1024 },
  'functions/auth/jwks.ts': { jwtKeys: true },
  // Verifies tokens with the public keys of the JWT secret; deliberately no table access (it runs on
  // every uncached jwt request, so it must stay small and fast; handlers check the token version).
  [AUTHORIZER_HANDLER]: { jwtKeys: true, memorySize: 256, timeout: Duration.seconds(5) },
  'functions/partner/create-api-key.ts': { table: 'readWrite', apiKeys: 'create' },
  'functions/partner/revoke-api-key.ts': { table: 'readWrite', apiKeys: 'revoke' },
  // `mintable` comes from simulating the mint on the chain.
  'functions/partner/lookup-plaque.ts': { table: 'read', chain: true },
  // The reservation answer names the contract and token metadata.
  'functions/partner/prepare-plaque.ts': { table: 'readWrite', chain: true },
  'functions/partner/get-owner.ts': { table: 'read' },
  'functions/partner/buy-plaque.ts': { table: 'readWrite', chain: true },
  'functions/partner/get-order.ts': { table: 'read' },
  // Mints sold plaques and records the outcome; the stream read permission comes with its event source.
  [DELIVERY_WORKER_HANDLER]: { table: 'readWrite', chain: true, chainSigner: true, timeout: Duration.seconds(120) },
};

export function accessOf(handlerModule: string): FunctionAccess {
  const access = functionAccess[handlerModule];
  if (!access) {
    throw new Error(`${handlerModule} has no entry in infra/permissions.ts: say what it may touch before it can be deployed`);
  }
  return access;
}

/** Applies one entry of the map to a function. */
export function grantAccess(fn: ApiFunction, access: FunctionAccess, resources: ServiceResources): void {
  if (access.table === 'read') fn.readsTable(resources.table);
  if (access.table === 'readWrite') fn.writesTable(resources.table);
  if (access.jwtKeys) fn.usesJwtKeys(resources.secrets.jwtKeys, resources.stage.jwt);
  if (access.walletMnemonic) fn.derivesWallets(resources.secrets.walletMnemonic);
  if (access.chainSigner) fn.signsTransactions(resources.secrets.chainSigner);
  if (access.chain) fn.readsChain(resources.stage.chain);
  if (access.writesMedia) fn.writesMedia(resources.media.bucket, resources.stage.media.uploadPrefix, resources.media.baseUrl);
  else if (access.linksMedia) fn.linksMedia(resources.media.baseUrl);
  if (access.sendsMail) fn.sendsMail(resources.stage.mailFrom);
  if (access.apiKeys) fn.managesApiKeys(resources.usagePlan, access.apiKeys);
}
