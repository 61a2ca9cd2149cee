// The service's configuration, the only module that reads process.env: a reader per variable, grouped in one section
// per concern; a section is parsed once, when first asked for, failing fast with the names of the variables that are
// wrong.
//
// Why sections: a function parses only the sections its code reads. Every HTTP function reads `coreConfig()` when its
// handler module loads (lib/runtime/logger.ts), the TOKEN authorizer only `tokenConfig()` (lib/auth/verify-token.ts),
// and each port reads its own section when it is built. infra/ writes these variables from the typed stage
// configuration (infra/stages.ts), so each is a plain string, an enumeration or a number.
//
// Why readers and not zod schemas: V8 compiles each kind of zod schema the first time one is built, and the
// configuration's kinds (defaults, enumerations, coerced numbers) are ones most requests never build. Counted in
// instructions (callgrind, one process importing the bundle; `npm run bench` prints them), importing this module with
// zod cost about 9.5 million and reading the core section 3.6 million more; with readers a function's init fell by 6 to
// 13 million, the authorizer's by 9 of its 24. A reader checks what its schema checked: present, one of a list, a
// whole number in bounds, a URL, a pattern, a least length.

/** What a reader returns for a value it refuses. */
const WRONG = Symbol('wrong');
type Wrong = typeof WRONG;
/** Reads one variable's value (undefined when it is not set), or refuses it. */
type Reader<T> = (raw: string | undefined) => T | Wrong;
/** Judges a value that is set. */
type Check<T> = (raw: string) => T | Wrong;

const text: Check<string> = (raw) => raw;
const atLeast =
  (length: number): Check<string> =>
  (raw) =>
    raw.length >= length ? raw : WRONG;
const oneOf =
  <const T extends string>(values: readonly T[]): Check<T> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : WRONG;
const startingWith =
  (prefix: string): Check<string> =>
  (raw) =>
    raw.startsWith(prefix) ? raw : WRONG;
const matching =
  (pattern: RegExp): Check<string> =>
  (raw) =>
    pattern.test(raw) ? raw : WRONG;
const url: Check<string> = (raw) => (URL.canParse(raw) ? raw : WRONG);
/** A whole number within bounds, written as JavaScript reads numbers (`Number`); a blank value is no number. */
const wholeNumber =
  ({ min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = {}): Check<number> =>
  (raw) => {
    const value = raw.trim() === '' ? NaN : Number(raw);
    return Number.isSafeInteger(value) && value >= min && value <= max ? value : WRONG;
  };

const optional =
  <T>(check: Check<T>): Reader<T | undefined> =>
  (raw) =>
    raw === undefined ? undefined : check(raw);
const orElse =
  <T>(check: Check<T>, fallback: T): Reader<T> =>
  (raw) =>
    raw === undefined ? fallback : check(raw);

// Blocks several sections share.
const optionalText = optional(text);
const dataDir = orElse(text, '.data');
const awsRegion = orElse(text, 'us-east-1');
const optionalArn = optional(startingWith('arn:'));

type Shape = Record<string, Reader<unknown>>;
type Section<S extends Shape> = { [K in keyof S]: Exclude<ReturnType<S[K]>, Wrong> };

/** Parses `env` against a section's shape; a wrong or missing variable is an error that names it. */
function parseSection<S extends Shape>(shape: S, env: Record<string, string | undefined>): Section<S> {
  const out: Record<string, unknown> = {};
  const wrong: string[] = [];
  for (const name of Object.keys(shape)) {
    const value = shape[name]!(env[name]);
    if (value === WRONG) wrong.push(name);
    else if (value !== undefined) out[name] = value;
  }
  if (wrong.length > 0) throw new Error(`Invalid or missing environment variable(s): ${wrong.join(', ')}`);
  return out as Section<S>;
}

/** A section of process.env: parsed on the first call, later calls return the same object. */
function section<S extends Shape>(shape: S): (() => Section<S>) & { parse: (env: Record<string, string | undefined>) => Section<S> } {
  let parsed: Section<S> | undefined;
  const read = () => (parsed ??= parseSection(shape, process.env));
  return Object.assign(read, { parse: (env: Record<string, string | undefined>) => parseSection(shape, env) });
}

/** What every function reads: the table and where it is, logging, the data folder and the media base URL. */
export const coreConfig = section({
  TABLE_NAME: orElse(atLeast(3), 'plaques'),
  /** Set for DynamoDB Local; absent in AWS. */
  DYNAMODB_ENDPOINT: optionalText,
  AWS_REGION: awsRegion,
  DATA_DIR: dataDir,
  LOG_LEVEL: orElse(oneOf(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
  /** Public base URL of stored media (S3/CloudFront in AWS, the local server's /_media otherwise). */
  MEDIA_BASE_URL: optionalText,
  /**
   * Browser origins that may read answers, comma-separated (lib/http/cors.ts): the stage's dashboard and frontends in
   * AWS; locally none unless set (the dashboard shares the local server's origin).
   */
  CORS_ALLOW_ORIGINS: optionalText,
});

/** The featured listing's in-memory catalogue (the listing function and the snapshot writer read it). */
export const listingConfig = section({
  /** Milliseconds a listing may lag behind writes (the catalogue's refresh interval). */
  CATALOG_STALENESS_MS: orElse(wholeNumber({ min: 0, max: 60_000 }), 1000),
  /** S3 bucket holding the catalogue snapshot (AWS); locally the snapshot is a file under DATA_DIR/catalog. */
  CATALOG_SNAPSHOT_BUCKET: optional(atLeast(3)),
  AWS_REGION: awsRegion,
  /** Set by Lambda: the function's memory in MB, which bounds the records the listing holds. */
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: optional(wholeNumber({ min: 128, max: 10_240 })),
});

/**
 * Signing and verifying access tokens: the TOKEN authorizer reads only this section, so it holds plain strings (each
 * check is a little more cold start on every uncached request). In AWS the values come from the typed stage
 * configuration (infra/stages.ts); locally the defaults apply.
 */
export const tokenConfig = section({
  /**
   * Secrets Manager secret with the JWT key set (AWS); absent locally, where it is generated into DATA_DIR/keys.
   * Its form is judged where it is read (`regionOfArn`): a check here would cost the authorizer's cold start.
   */
  JWT_KEYS_SECRET_ARN: optionalText,
  JWT_ISSUER: orElse(text, 'http://127.0.0.1:3000'),
  JWT_AUDIENCE: orElse(text, 'plaque-api'),
  DATA_DIR: dataDir,
});

/** Lambda's role credentials, for the AWS calls made without the SDK (the authorizer's key read). */
export const roleCredentialsConfig = section({
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
});

/** The AWS services behind the ports: each variable is absent locally, where a local stand-in is used. */
export const servicesConfig = section({
  AWS_REGION: awsRegion,
  /** S3 bucket of uploaded images; locally images are files under DATA_DIR/media. */
  MEDIA_BUCKET: optional(atLeast(3)),
  /** SES sender address; locally mails are files in DATA_DIR/outbox. */
  MAIL_FROM: optionalText,
  /** Secrets Manager secret with the service wallets' HD mnemonic; locally generated into DATA_DIR/wallet. */
  WALLET_MNEMONIC_SECRET_ARN: optionalArn,
  /** API Gateway usage plan partner keys are attached to; locally the local server checks keys. */
  API_KEY_USAGE_PLAN_ID: optional(atLeast(1)),
});

/** The chain carrying the plaque tokens. */
export const chainConfig = section({
  STAGE: orElse(text, 'local'),
  AWS_REGION: awsRegion,
  /** JSON-RPC endpoint (anvil locally, set by `npm start`). */
  CHAIN_RPC_URL: optional(url),
  CHAIN_ID: orElse(wholeNumber({ min: 1 }), 31337),
  /** The PlaqueToken contract (locally deployed on first start and recorded under DATA_DIR/chain). */
  CONTRACT_ADDRESS: optional(matching(/^0x[0-9a-fA-F]{40}$/)),
  /** Secrets Manager secret with the signer's private key (AWS); locally anvil's first dev key signs. */
  CHAIN_SIGNER_SECRET_ARN: optionalArn,
  /**
   * Blocks a mint needs on top of its own before its order is DELIVERED, or `finalized` (the chain's finalized block):
   * the stage's `chain.confirmations`; 0 on anvil (lib/chain/confirmations.ts).
   */
  CHAIN_CONFIRMATIONS: orElse(matching(/^(\d{1,4}|finalized)$/), '0'),
  /** The chain's block explorer (`https://sepolia.etherscan.io`): orders link their transaction under `<url>/tx/`. */
  CHAIN_EXPLORER_URL: optional(url),
  /**
   * The most a mint transaction may offer per gas, in gwei (the stage's `chain.maxFeeGwei`): above it nothing is sent
   * or replaced and the orders wait (the alarm says so). None locally.
   */
  CHAIN_MAX_FEE_GWEI: optional(matching(/^\d{1,7}(\.\d{1,9})?$/)),
  /** Blocks a mint transaction priced below the market stays pending before it is replaced at a higher fee. */
  CHAIN_REPLACE_AFTER_BLOCKS: orElse(wholeNumber({ min: 1, max: 1000 }), 3),
  /** Seconds between the chain's blocks (the stage's `chain.blockSeconds`; 0: a block per transaction, as anvil's default). */
  CHAIN_BLOCK_SECONDS: orElse(wholeNumber({ min: 0, max: 600 }), 12),
});

/**
 * What the stage tells wallets and marketplaces about its tokens (token and collection metadata): in AWS from the stage
 * configuration (infra/stages.ts); locally the defaults, with the local server as the public base.
 */
export const collectionConfig = section({
  /** The stage's public base URL (custom domain, else API stage URL); locally http://127.0.0.1:<PORT> when absent. */
  PUBLIC_BASE_URL: optional(url),
  /** The frontend showing plaques: token metadata links `<FRONTEND_URL>/plaques/<id>` as `external_url`; none when absent. */
  FRONTEND_URL: optional(url),
  COLLECTION_NAME: orElse(atLeast(1), 'Plaques'),
  COLLECTION_DESCRIPTION: orElse(atLeast(1), 'Plaques of the plaque marketplace: one ERC-1155 token per plaque.'),
});

/** The delivery reconciler (functions/delivery/reconcile-deliveries.ts). */
export const reconcilerConfig = section({
  AWS_REGION: awsRegion,
  /** The delivery worker's dead-letter queue (SQS) in AWS; locally the stream poller's dead-letter folder. */
  DELIVERY_DLQ_URL: optional(url),
});

/** Mint batches in flight: how the follower is woken (functions/delivery/follow-mints.ts). */
export const deliveryConfig = section({
  AWS_REGION: awsRegion,
  /** The follower's SQS queue in AWS; locally none (the local runtime's follower looks at every batch on every block). */
  MINT_FOLLOW_QUEUE_URL: optional(url),
  /**
   * Tokens one mint transaction takes at most (1–50, default 50); the stream still hands the sender up to 50 orders at
   * once. 1 mints one token a transaction, as before batches, which `npm run bench -- --only delivery` measures beside
   * the batches.
   */
  DELIVERY_BATCH_TOKENS: orElse(wholeNumber({ min: 1, max: 50 }), 50),
});

/** Order events sent to partners' webhook endpoints. */
export const webhookConfig = section({
  /** `local` lets endpoints be http://127.0.0.1 and http://localhost; every deployed stage wants public https. */
  STAGE: orElse(text, 'local'),
  AWS_REGION: awsRegion,
  /** SQS queue of the sender's wake-ups (AWS); locally a folder under DATA_DIR/webhooks that `npm start` reads. */
  WEBHOOK_QUEUE_URL: optional(url),
  /** KMS key that encrypts endpoint secrets (AWS); locally a key file under DATA_DIR/keys. */
  WEBHOOK_KEY_ARN: optionalArn,
  DATA_DIR: dataDir,
});

/** What the partners' ledger needs to know (the functions that record sales, and the ops commands). */
export const moneyConfig = section({
  /**
   * The commission a partner keeps of each sale, in basis points (0–10 000), unless an operator set its own rate
   * (`npm run ops -- set-commission`): the stage's `commissionBps` (infra/stages.ts); locally 1000 (10 %).
   */
  COMMISSION_DEFAULT_BPS: orElse(wholeNumber({ min: 0, max: 10_000 }), 1000),
});

/**
 * The daily quota of a partner's API key: the stage's usage plan's `quota.limit` (infra/stages.ts), which API Gateway
 * enforces in front of the functions; the functions count against the same limit (lib/partner/key-quota.ts), and the
 * local server's key check enforces it in API Gateway's place. Locally 10 000 unless set.
 */
export const keyQuotaConfig = section({
  API_KEY_QUOTA_PER_DAY: orElse(wholeNumber({ min: 1 }), 10_000),
});

/** The local server's port unless PORT says otherwise (the OpenAPI document's local server entry names it too). */
export const LOCAL_DEFAULT_PORT = 3000;

/** Ports of the local runtime's own servers (`npm start`, and the ops command line looking for them). */
export const localConfig = section({
  /** The local server; also names the local media URL (`http://127.0.0.1:<PORT>/_media`). */
  PORT: orElse(wholeNumber(), LOCAL_DEFAULT_PORT),
  DYNAMODB_PORT: orElse(wholeNumber(), 8000),
  ANVIL_PORT: orElse(wholeNumber(), 8545),
  /**
   * Seconds between the local chain's blocks, to rehearse a public network's pace (`ANVIL_BLOCK_TIME=12`, Ethereum's);
   * unset: anvil mines a block for every transaction.
   */
  ANVIL_BLOCK_TIME: optional(wholeNumber({ min: 1, max: 600 })),
  /** The local runtime's log lines: `text` (readable) or `json` (as in AWS); by default readable at a terminal. */
  LOG_FORMAT: optional(oneOf(['json', 'text'])),
  /**
   * Sign-in requests (code requests, code evaluations, logins) one client address may send in 5 minutes before the
   * local server answers 429, as the stage's firewall does with `firewall.signInRatePerIpPer5Minutes` (infra/stages.ts).
   * Higher by default than a stage's: locally every test and script signs in from 127.0.0.1.
   */
  SIGN_IN_REQUESTS_PER_5_MINUTES: orElse(wholeNumber({ min: 1 }), 1000),
  /**
   * Options for the Java that runs DynamoDB Local, separated by spaces: a larger heap for a big import (`-Xmx4g`), or
   * `-XX:TieredStopAtLevel=1`, which compiles Java's code quickly rather than best: the test run sets it, as its
   * databases answer bursts of requests and then stop, and the full compiler's work would not pay for itself there.
   */
  DYNAMODB_LOCAL_JAVA_OPTIONS: optionalText,
});

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
    collectionConfig,
    reconcilerConfig,
    deliveryConfig,
    webhookConfig,
    moneyConfig,
    keyQuotaConfig,
    localConfig,
  ];
  for (const read of sections) read();
}

export type ServicesConfig = ReturnType<typeof servicesConfig>;
export type ChainConfig = ReturnType<typeof chainConfig>;
