// The service's configuration: parsed once from the environment at module load; nothing else reads process.env.
import * as z from 'zod/mini';

// Shared building blocks: zod schemas are immutable, and building each once keeps the parse cheap at cold start
// (every function pays it before its first request).
const text = z.string();
const optionalText = z.optional(text);
const required = z.string().check(z.minLength(1));
const resourceName = z.optional(z.string().check(z.minLength(3)));
const secretArn = z.optional(z.string().check(z.startsWith('arn:')));
const url = z.optional(z.string().check(z.url()));
const port = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(65535));

const configSchema = z.object({
  STAGE: z._default(text, 'local'),
  TABLE_NAME: z._default(z.string().check(z.minLength(3)), 'plaques'),
  /** Set for DynamoDB Local; absent in AWS. */
  DYNAMODB_ENDPOINT: url,
  AWS_REGION: z._default(text, 'us-east-1'),
  DATA_DIR: z._default(text, '.data'),
  PORT: z._default(port, 3000),
  LOG_LEVEL: z._default(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']), 'INFO'),
  /** Public base URL of stored media (S3/CloudFront in AWS, the local server's /_media otherwise). */
  MEDIA_BASE_URL: optionalText,
  /** S3 bucket of uploaded images (AWS); absent locally, where images are files under DATA_DIR/media. */
  MEDIA_BUCKET: resourceName,
  /** SES sender address (AWS); absent locally, where mails are files in DATA_DIR/outbox. */
  MAIL_FROM: resourceName,
  /** Secrets Manager secret with the JWT key set (AWS); absent locally, where it is generated into DATA_DIR/keys. */
  JWT_KEYS_SECRET_ARN: secretArn,
  JWT_ISSUER: z._default(required, 'http://127.0.0.1:3000'),
  JWT_AUDIENCE: z._default(required, 'plaque-api'),
  /** Secrets Manager secret with the service wallets' HD mnemonic (AWS); absent locally (generated into DATA_DIR/wallet). */
  WALLET_MNEMONIC_SECRET_ARN: secretArn,
  /** Lambda's role credentials, for the one AWS call made without the SDK (the authorizer's key read). */
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  /** API Gateway usage plan partner keys are attached to (AWS); absent locally, where the local server checks keys. */
  API_KEY_USAGE_PLAN_ID: z.optional(required),
  /** JSON-RPC endpoint of the chain carrying the plaque tokens (anvil locally, set by `npm start`). */
  CHAIN_RPC_URL: url,
  CHAIN_ID: z._default(z.coerce.number().check(z.int(), z.positive()), 31337),
  /** The PlaqueToken contract (locally deployed on first start and recorded under DATA_DIR/chain). */
  CONTRACT_ADDRESS: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  /** Secrets Manager secret with the signer's private key (AWS); locally anvil's first dev key signs. */
  CHAIN_SIGNER_SECRET_ARN: secretArn,
  /** Port of the DynamoDB Local `npm start` runs (and the ops command line looks for). */
  DYNAMODB_PORT: z._default(port, 8000),
  /** Port of the local anvil node `npm start` runs. */
  ANVIL_PORT: z._default(port, 8545),
  /** Milliseconds a listing may lag behind writes (the in-memory catalogue's refresh interval). */
  CATALOG_STALENESS_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(60_000)), 1000),
});

export type Config = z.infer<typeof configSchema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const names = result.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid or missing environment variable(s): ${names}`);
  }
  return result.data;
}

export const config: Config = parseConfig(process.env);
