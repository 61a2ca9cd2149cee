// What a function may touch, as plain data in the operation manifest: the CDK stack turns it into IAM grants and
// environment variables, the bench into the clients a function's cold start cannot avoid, the OpenAPI document
// into the answers a dependency's outage produces (a function that uses the table may answer 503).

export interface FunctionAccess {
  /** `read`: GetItem/BatchGetItem/Query/ConditionCheckItem; `readWrite` adds Put/Update/Delete/BatchWrite. */
  readonly table?: 'read' | 'readWrite';
  /** Signs or verifies JWTs (JWT_KEYS_SECRET_ARN, JWT_ISSUER, JWT_AUDIENCE). */
  readonly jwtKeys?: true;
  /** Derives service wallets from the HD mnemonic (WALLET_MNEMONIC_SECRET_ARN). */
  readonly walletMnemonic?: true;
  /** Signs chain transactions (CHAIN_SIGNER_SECRET_ARN). */
  readonly chainSigner?: true;
  /** Reads or simulates on the chain (CHAIN_RPC_URL, CHAIN_ID, CONTRACT_ADDRESS). */
  readonly chain?: true;
  /** Names the stage's token contract without calling the chain (CONTRACT_ADDRESS); `chain` includes it. */
  readonly namesContract?: true;
  /** Links chain transactions to the stage's block explorer (CHAIN_EXPLORER_URL): the functions answering orders. */
  readonly linksExplorer?: true;
  /** Builds public URLs of stored images (MEDIA_BASE_URL). */
  readonly linksMedia?: true;
  /**
   * Describes the stage's tokens to wallets and marketplaces: token metadata links the stage's frontend, the collection's
   * names the stage (PUBLIC_BASE_URL, FRONTEND_URL, COLLECTION_NAME, COLLECTION_DESCRIPTION).
   */
  readonly describesTokens?: true;
  /** Puts and deletes images under this key prefix of the media bucket, nowhere else (MEDIA_BUCKET, MEDIA_BASE_URL). */
  readonly writesMedia?: string;
  /** Sends mail from the stage's sender address (MAIL_FROM). */
  readonly sendsMail?: true;
  /** Creates and deletes, or only deletes, API Gateway keys of the stage's usage plan (API_KEY_USAGE_PLAN_ID). */
  readonly apiKeys?: 'create' | 'revoke';
  /** Reads (the listing's cold start) or replaces (its writer) the catalogue snapshot object (CATALOG_SNAPSHOT_BUCKET). */
  readonly catalogSnapshot?: 'read' | 'write';
  /** Wakes the webhook sender: sends messages to the stage's webhook queue (WEBHOOK_QUEUE_URL). */
  readonly webhookQueue?: true;
  /** Seals new webhook endpoint secrets, or opens them to sign, with the stage's webhook key (WEBHOOK_KEY_ARN). */
  readonly webhookSecrets?: 'seal' | 'open';
  /** Reads the requests of partner keys per day from the stage's usage plan (API_KEY_USAGE_PLAN_ID). */
  readonly readsKeyUsage?: true;
  /**
   * Knows the daily quota of partner keys, the stage's usage plan's (API_KEY_QUOTA_PER_DAY): every function serving an
   * `x-api-key` operation counts its requests against it (the manifest adds it to them), GET /partner/usage names it.
   */
  readonly keyQuota?: true;
  /**
   * Reads and deletes the delivery worker's dead letters (DELIVERY_DLQ_URL): SQS in AWS, where the stack grants it once
   * it has made the worker's queue; locally the stream poller's dead-letter folder.
   */
  readonly readsDeliveryDeadLetters?: true;
  /** Records sales in the partners' ledger at the stage's default commission (COMMISSION_DEFAULT_BPS). */
  readonly chargesCommission?: true;
  /**
   * Wakes the follower of mint batches (MINT_FOLLOW_QUEUE_URL): sends messages to the stage's follow queue (SQS), where
   * the stack grants it once it has made the queue; locally nothing is sent.
   */
  readonly wakesMintFollower?: true;
  /** MB; 512 when not given. */
  readonly memorySize?: number;
  /** Seconds; 10 when not given. */
  readonly timeoutSeconds?: number;
}

/** The access of a function that serves several operations: everything any of them needs. */
export function combinedAccess(entries: readonly FunctionAccess[]): FunctionAccess {
  const out: { -readonly [K in keyof FunctionAccess]: FunctionAccess[K] } = {};
  for (const access of entries) {
    if (access.table) out.table = out.table === 'readWrite' || access.table === 'readWrite' ? 'readWrite' : 'read';
    if (access.jwtKeys) out.jwtKeys = true;
    if (access.walletMnemonic) out.walletMnemonic = true;
    if (access.chainSigner) out.chainSigner = true;
    if (access.chain) out.chain = true;
    if (access.namesContract) out.namesContract = true;
    if (access.linksExplorer) out.linksExplorer = true;
    if (access.linksMedia) out.linksMedia = true;
    if (access.describesTokens) out.describesTokens = true;
    if (access.writesMedia !== undefined) {
      if (out.writesMedia !== undefined && out.writesMedia !== access.writesMedia) {
        throw new Error(`one function cannot write media under both ${out.writesMedia} and ${access.writesMedia}`);
      }
      out.writesMedia = access.writesMedia;
    }
    if (access.sendsMail) out.sendsMail = true;
    if (access.apiKeys) out.apiKeys = out.apiKeys === 'create' || access.apiKeys === 'create' ? 'create' : 'revoke';
    if (access.catalogSnapshot)
      out.catalogSnapshot = out.catalogSnapshot === 'write' || access.catalogSnapshot === 'write' ? 'write' : 'read';
    if (access.webhookQueue) out.webhookQueue = true;
    if (access.webhookSecrets) {
      if (out.webhookSecrets !== undefined && out.webhookSecrets !== access.webhookSecrets) {
        throw new Error('one function cannot both seal and open webhook secrets');
      }
      out.webhookSecrets = access.webhookSecrets;
    }
    if (access.readsKeyUsage) out.readsKeyUsage = true;
    if (access.keyQuota) out.keyQuota = true;
    if (access.readsDeliveryDeadLetters) out.readsDeliveryDeadLetters = true;
    if (access.chargesCommission) out.chargesCommission = true;
    if (access.wakesMintFollower) out.wakesMintFollower = true;
    if (access.memorySize !== undefined) out.memorySize = Math.max(out.memorySize ?? 0, access.memorySize);
    if (access.timeoutSeconds !== undefined) out.timeoutSeconds = Math.max(out.timeoutSeconds ?? 0, access.timeoutSeconds);
  }
  return out;
}
