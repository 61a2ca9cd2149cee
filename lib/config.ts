// The service's configuration, the only module that reads process.env: a zod schema per variable, grouped in one
// section per concern; a section is parsed once, when first asked for, failing fast with the names of the variables
// that are wrong.
//
// Why sections: building and running a zod schema is most of what a small function pays at cold start beyond the
// SDK (about 7 ms for the whole environment). A function parses only the sections its code reads: every HTTP
// function reads `coreConfig()` when its handler module loads (lib/runtime/logger.ts), the TOKEN authorizer only
// `tokenConfig()` (lib/auth/verify-token.ts), and each port reads its own section when it is built. The schemas
// are kept to plain strings, enumerations and coerced numbers for the same reason; infra/ writes these variables.
import * as z from 'zod/mini';

// Shared building blocks: zod schemas are immutable, so these are built once and reused. Blocks only some sections
// use are functions, built with those sections.
const text = z.string();
const optionalText = z.optional(text);
const required = () => z.string().check(z.minLength(1));
const dataDir = z._default(text, '.data');
const awsRegion = () => z._default(text, 'us-east-1');
const secretArn = () => z.optional(z.string().check(z.startsWith('arn:')));

type Shape = Record<string, z.ZodMiniType>;
type Section<S extends Shape> = { [K in keyof S]: z.infer<S[K]> };

// Each variable is parsed with its own schema rather than through one z.object: the object schema's machinery
// costs about 1 ms more at every cold start, and variables are independent strings anyway.
/** Parses `env` against a section's shape; a wrong or missing variable is an error that names it. */
function parseSection<S extends Shape>(shape: S, env: Record<string, string | undefined>): Section<S> {
  const out: Record<string, unknown> = {};
  const wrong: string[] = [];
  for (const name of Object.keys(shape)) {
    const result = shape[name]!.safeParse(env[name]);
    if (!result.success) wrong.push(name);
    else if (result.data !== undefined) out[name] = result.data;
  }
  if (wrong.length > 0) throw new Error(`Invalid or missing environment variable(s): ${wrong.join(', ')}`);
  return out as Section<S>;
}

/** A section of process.env: its schema is built and parsed on the first call, later calls return the same object. */
function section<S extends Shape>(shape: () => S): (() => Section<S>) & { parse: (env: Record<string, string | undefined>) => Section<S> } {
  let parsed: Section<S> | undefined;
  const read = () => (parsed ??= parseSection(shape(), process.env));
  return Object.assign(read, { parse: (env: Record<string, string | undefined>) => parseSection(shape(), env) });
}

/** What every function reads: the table and where it is, logging, the data folder and the media base URL. */
export const coreConfig = section(() => ({
  TABLE_NAME: z._default(z.string().check(z.minLength(3)), 'plaques'),
  /** Set for DynamoDB Local; absent in AWS. */
  DYNAMODB_ENDPOINT: optionalText,
  AWS_REGION: awsRegion(),
  DATA_DIR: dataDir,
  LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
  /** Public base URL of stored media (S3/CloudFront in AWS, the local server's /_media otherwise). */
  MEDIA_BASE_URL: optionalText,
  /** The one browser origin that may read answers (the stage's partner dashboard); absent locally (same origin). */
  CORS_ALLOW_ORIGIN: optionalText,
}));

/** The featured listing's in-memory catalogue (the listing function and the snapshot writer read it). */
export const listingConfig = section(() => ({
  /** Milliseconds a listing may lag behind writes (the catalogue's refresh interval). */
  CATALOG_STALENESS_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(60_000)), 1000),
  /** S3 bucket holding the catalogue snapshot (AWS); locally the snapshot is a file under DATA_DIR/catalog. */
  CATALOG_SNAPSHOT_BUCKET: z.optional(z.string().check(z.minLength(3))),
  AWS_REGION: awsRegion(),
}));

/**
 * Signing and verifying access tokens: the TOKEN authorizer reads only this section, so it holds plain strings (each
 * check is a little more cold start on every uncached request). In AWS the values come from the typed stage
 * configuration (infra/stages.ts); locally the defaults apply.
 */
export const tokenConfig = section(() => ({
  /**
   * Secrets Manager secret with the JWT key set (AWS); absent locally, where it is generated into DATA_DIR/keys.
   * Its form is judged where it is read (`regionOfArn`): a check here would cost the authorizer's cold start.
   */
  JWT_KEYS_SECRET_ARN: optionalText,
  JWT_ISSUER: z._default(text, 'http://127.0.0.1:3000'),
  JWT_AUDIENCE: z._default(text, 'plaque-api'),
  DATA_DIR: dataDir,
}));

/** Lambda's role credentials, for the AWS calls made without the SDK (the authorizer's key read). */
export const roleCredentialsConfig = section(() => ({
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
}));

/** The AWS services behind the ports: each variable is absent locally, where a local stand-in is used. */
export const servicesConfig = section(() => ({
  AWS_REGION: awsRegion(),
  /** S3 bucket of uploaded images; locally images are files under DATA_DIR/media. */
  MEDIA_BUCKET: z.optional(z.string().check(z.minLength(3))),
  /** SES sender address; locally mails are files in DATA_DIR/outbox. */
  MAIL_FROM: optionalText,
  /** Secrets Manager secret with the service wallets' HD mnemonic; locally generated into DATA_DIR/wallet. */
  WALLET_MNEMONIC_SECRET_ARN: secretArn(),
  /** API Gateway usage plan partner keys are attached to; locally the local server checks keys. */
  API_KEY_USAGE_PLAN_ID: z.optional(required()),
}));

/** The chain carrying the plaque tokens. */
export const chainConfig = section(() => ({
  STAGE: z._default(text, 'local'),
  AWS_REGION: awsRegion(),
  /** JSON-RPC endpoint (anvil locally, set by `npm start`). */
  CHAIN_RPC_URL: z.optional(z.string().check(z.url())),
  CHAIN_ID: z._default(z.coerce.number().check(z.int(), z.positive()), 31337),
  /** The PlaqueToken contract (locally deployed on first start and recorded under DATA_DIR/chain). */
  CONTRACT_ADDRESS: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  /** Secrets Manager secret with the signer's private key (AWS); locally anvil's first dev key signs. */
  CHAIN_SIGNER_SECRET_ARN: secretArn(),
  /**
   * Blocks a mint needs on top of its own before its order is DELIVERED, or `finalized` (the chain's finalized block):
   * the stage's `chain.confirmations`; 0 on anvil (lib/chain/confirmations.ts).
   */
  CHAIN_CONFIRMATIONS: z._default(z.string().check(z.regex(/^(\d{1,4}|finalized)$/)), '0'),
  /** The chain's block explorer (`https://sepolia.etherscan.io`): orders link their transaction under `<url>/tx/`. */
  CHAIN_EXPLORER_URL: z.optional(z.string().check(z.url())),
}));

/** The delivery reconciler (functions/delivery/reconcile-deliveries.ts). */
export const reconcilerConfig = section(() => ({
  AWS_REGION: awsRegion(),
  /** The delivery worker's dead-letter queue (SQS) in AWS; locally the stream poller's dead-letter folder. */
  DELIVERY_DLQ_URL: z.optional(z.string().check(z.url())),
}));

/** Order events sent to partners' webhook endpoints. */
export const webhookConfig = section(() => ({
  /** `local` lets endpoints be http://127.0.0.1 and http://localhost; every deployed stage wants public https. */
  STAGE: z._default(text, 'local'),
  AWS_REGION: awsRegion(),
  /** SQS queue of the sender's wake-ups (AWS); locally a folder under DATA_DIR/webhooks that `npm start` reads. */
  WEBHOOK_QUEUE_URL: z.optional(z.string().check(z.url())),
  /** KMS key that encrypts endpoint secrets (AWS); locally a key file under DATA_DIR/keys. */
  WEBHOOK_KEY_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  DATA_DIR: dataDir,
}));

/** Ports of the local runtime's own servers (`npm start`, and the ops command line looking for them). */
export const localConfig = section(() => ({
  /** The local server; also names the local media URL (`http://127.0.0.1:<PORT>/_media`). */
  PORT: z._default(z.coerce.number().check(z.int()), 3000),
  DYNAMODB_PORT: z._default(z.coerce.number().check(z.int()), 8000),
  ANVIL_PORT: z._default(z.coerce.number().check(z.int()), 8545),
  /** The local runtime's log lines: `text` (readable) or `json` (as in AWS); by default readable at a terminal. */
  LOG_FORMAT: z.optional(z.enum(['json', 'text'])),
  /**
   * Sign-in requests (code requests, code evaluations, logins) one client address may send in 5 minutes before the
   * local server answers 429, as the stage's firewall does with `firewall.signInRatePerIpPer5Minutes` (infra/stages.ts).
   * Higher by default than a stage's: locally every test and script signs in from 127.0.0.1.
   */
  SIGN_IN_REQUESTS_PER_5_MINUTES: z._default(z.coerce.number().check(z.int(), z.positive()), 1000),
}));

/**
 * Reads every section: for processes that serve every operation (the local runtime), so a wrong variable stops them
 * at start rather than at the first request that needs it.
 */
export function readEverySection(): void {
  const sections = [
    coreConfig,
    listingConfig,
    tokenConfig,
    roleCredentialsConfig,
    servicesConfig,
    chainConfig,
    reconcilerConfig,
    webhookConfig,
    localConfig,
  ];
  for (const read of sections) read();
}

export type ServicesConfig = ReturnType<typeof servicesConfig>;
export type ChainConfig = ReturnType<typeof chainConfig>;
