// Per-stage configuration of the deployed service: the one place where staging and production differ.
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Period } from 'aws-cdk-lib/aws-apigateway';
import { PriceClass } from 'aws-cdk-lib/aws-cloudfront';
import { isStageName, stackNameOf, STAGE_NAMES, type StageName } from '#lib/ops/stage-secrets.ts';
import { recordedContract } from '#lib/chain/contract-record.ts';

export { isStageName, type StageName };

interface ThrottleConfig {
  /** Steady-state requests per second. */
  rateLimit: number;
  /** Requests admitted in one burst above the steady rate. */
  burstLimit: number;
}

/** What a stage does with a new version: `canary` shifts 10 % for 5 minutes first; `all-at-once` at once (infra/safe-deployments.ts). */
type DeploymentStrategy = 'canary-10-percent-5-minutes' | 'all-at-once';

export interface StageConfig {
  name: StageName;
  /** CloudFormation stack name; also the prefix of every function, secret and log group name. */
  stackName: string;
  /** Leave undefined to deploy into the account/region of the operator's credentials (CDK_DEFAULT_*). */
  account?: string;
  region?: string;
  /** Path segment of the API Gateway stage: `https://<id>.execute-api.<region>.amazonaws.com/<apiStageName>`. */
  apiStageName: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Retention of every function log group, the API access log and the media access logs. */
  logRetention: RetentionDays;
  /** Keep the table, bucket and secrets when the stack is deleted, and protect the table from deletion. */
  retainData: boolean;
  throttle: {
    /** Stage-wide default for every method (all clients together). */
    stage: ThrottleConfig;
    /** Per API key (partner routes). */
    usagePlan: ThrottleConfig;
    /** Requests per API key per period. */
    quota: { limit: number; period: Period };
  };
  /** AWS WAF rate limits per client IP (requests in any 5 minutes; over them WAF answers 429 with Retry-After). */
  firewall: {
    /** Every request to the API. */
    ratePerIpPer5Minutes: number;
    /** Code requests, code evaluation and password login together. */
    signInRatePerIpPer5Minutes: number;
  };
  /**
   * Seconds an authorizer decision is cached per token. This is also the longest a revoked token keeps
   * passing the gateway; handlers still compare the token version, so password changes bite at once.
   */
  authorizerCacheTtlSeconds: number;
  /**
   * Reserved concurrency per handler module (route-table spelling). It caps how hard one function can
   * hit the table or a downstream service, and guarantees it capacity. Omitted modules share the pool.
   * Note: an account keeps at least 100 unreserved executions; new accounts with a lower quota must
   * raise it (Service Quotas → Lambda concurrent executions) before deploying.
   */
  reservedConcurrency: Record<string, number>;
  delivery: {
    /** Sold orders handed to one run of the sender: the most one mint transaction takes (lib/delivery/mint-batch.ts). */
    batchSize: number;
    /**
     * Seconds the stream mapping gathers sold orders before the sender gets them, unless `batchSize` came first: at most
     * one block (`chain.blockSeconds`), so a lone order is still minted in the next block or the one after.
     */
    batchWindowSeconds: number;
    /** Retries of a failing batch before its records go to the DLQ (bisecting narrows the culprit). */
    retryAttempts: number;
    /** Records older than this are sent to the DLQ instead of retried. */
    maxRecordAgeHours: number;
  };
  alarms: {
    /** Share of API requests answered 5xx (0–1) over one 5-minute period. */
    api5xxRate: number;
    /** Consecutive 5-minute periods over the rate before the alarm fires. */
    api5xxPeriods: number;
    /** Throttled invocations per 5 minutes, per function with reserved concurrency. */
    functionThrottles: number;
    /** Throttled table requests per 5 minutes. */
    tableThrottles: number;
    /** Messages waiting in the delivery DLQ (each one is an order that could not be delivered). */
    dlqDepth: number;
    /** Delivery worker errors per 5 minutes. */
    workerErrors: number;
    /** Age of the oldest unprocessed stream record, in seconds (the sender's and the follower's). */
    workerIteratorAgeSeconds: number;
    /** Follower invocations that failed per 5 minutes. */
    followerErrors: number;
    /**
     * Mints the signer's balance still pays for (at the gas price of the latest mint's time, each using that mint's
     * gas): below it the alarm asks for a refill (infra/DEPLOY.md, "Refilling the minting wallet").
     */
    signerMintsLeft: number;
    /** Address subscribed to the alarm topic; confirm the subscription mail after the first deploy. */
    email?: string;
  };
  chain: {
    /** JSON-RPC endpoint; public endpoint without credentials (a keyed URL would belong in a secret). */
    rpcUrl: string;
    chainId: number;
    /**
     * The PlaqueToken contract, as `npm run ops -- deploy-contract` recorded it in infra/contracts.json; null until
     * then (the chain operations answer a configuration error: see infra/DEPLOY.md, first deploy).
     */
    contractAddress: string | null;
    /**
     * Blocks on top of a mint's own before its order is DELIVERED, or `finalized` (CHAIN_CONFIRMATIONS; anvil: 0).
     * Until then the order stays MINTING with its transaction; a reorg deeper than this is what the reconciler repairs.
     */
    confirmations: number | 'finalized';
    /** The chain's block explorer: orders link their mint transaction as `<explorerUrl>/tx/<hash>`. */
    explorerUrl: string;
    /** Seconds between the chain's blocks: the follower looks at batches in flight four times a block. */
    blockSeconds: number;
    /**
     * The most a mint transaction may offer per gas, in gwei: above it no batch is sent and none replaced, the orders
     * wait, and the alarm `MintFeesAboveCap` says so (infra/DEPLOY.md).
     */
    maxFeeGwei: number;
    /** Blocks a mint transaction priced below the market stays pending before it is replaced at a higher fee. */
    replaceAfterBlocks: number;
  };
  /** How a new version of the functions takes traffic (infra/safe-deployments.ts). */
  deployment: DeploymentStrategy;
  /** SES sender address; its domain (or the address) must be a verified SES identity in the region. */
  mailFrom: string;
  /** JWT audience; the issuer follows the stage's address: `https://<domain>`, else the stage URL. */
  jwt: { audience: string };
  /**
   * Optional custom domain (infra/custom-domain.ts). `certificateArn`: an ACM certificate for the name in the
   * stage's region, else one is made and validated by DNS; `hostedZone`: the Route 53 zone to write the validation
   * and alias records into, else the operator adds them.
   */
  domain?: { name: string; certificateArn?: string; hostedZone?: { id: string; name: string } };
  /**
   * Browser origins of the stage's frontends (`https://shop.example`: scheme, host and port only) whose pages may call
   * the API, besides the stage's partner dashboard: preflights answer them and every answer names them (infra/DEPLOY.md, "CORS").
   */
  frontendOrigins: readonly string[];
  media: {
    priceClass: PriceClass;
  };
  /** The token collection as wallets and marketplaces show it (GET /contract.json, the contract's `contractURI`). */
  collection: { name: string; description: string };
  /** The frontend showing plaques: token metadata links `<frontendUrl>/plaques/<id>` (`external_url`); none when absent. */
  frontendUrl?: string;
  /**
   * The commission a partner keeps of each sale, in basis points (0–10 000; 1000 = 10 %), unless an operator set the
   * partner's own (`npm run ops -- set-commission`): the ledger's sale entries take it (COMMISSION_DEFAULT_BPS).
   */
  commissionBps: number;
}

// Shared by both stages unless overridden below.
const common = {
  apiStageName: 'v1',
  authorizerCacheTtlSeconds: 300,
  // e.g. frontendOrigins: ['https://shop.example', 'https://staging.shop.example'] in a stage below.
  frontendOrigins: [],
  // 50 orders a transaction; a window of 4 s, a third of a 12 s block.
  delivery: { batchSize: 50, batchWindowSeconds: 4, retryAttempts: 5, maxRecordAgeHours: 6 },
  media: { priceClass: PriceClass.PRICE_CLASS_100 },
} satisfies Partial<StageConfig>;

const COLLECTION_DESCRIPTION = 'Plaques sold on the plaque marketplace: one ERC-1155 token per plaque, named like ABC-0042.';

export const stages: Record<StageName, StageConfig> = {
  staging: {
    ...common,
    name: 'staging',
    stackName: stackNameOf('staging'),
    logLevel: 'DEBUG',
    logRetention: RetentionDays.TWO_WEEKS,
    retainData: false,
    throttle: {
      stage: { rateLimit: 50, burstLimit: 100 },
      usagePlan: { rateLimit: 5, burstLimit: 10 },
      quota: { limit: 5_000, period: Period.DAY },
    },
    firewall: { ratePerIpPer5Minutes: 3_000, signInRatePerIpPer5Minutes: 100 },
    reservedConcurrency: {
      'functions/auth/login.ts': 5,
      'functions/auth/request-code.ts': 5,
      // One signer key means one nonce sequence: one sender at a time (each batch's nonce is also drawn in a
      // conditional write, so even two could never draw one nonce twice).
      'functions/delivery/deliver-order.ts': 1,
    },
    alarms: {
      api5xxRate: 0.1,
      api5xxPeriods: 3,
      functionThrottles: 20,
      tableThrottles: 50,
      dlqDepth: 1,
      workerErrors: 5,
      workerIteratorAgeSeconds: 15 * 60,
      followerErrors: 5,
      // Test ether comes from a faucet in small amounts.
      signerMintsLeft: 20,
    },
    // Sepolia, Ethereum's public test network: test ether from a faucet pays for mints.
    chain: {
      rpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com',
      chainId: 11155111,
      explorerUrl: 'https://sepolia.etherscan.io',
      contractAddress: recordedContract('staging', 11155111),
      // Sepolia: 12 s blocks; three on top (about 40 s) fit in one follower run.
      confirmations: 3,
      blockSeconds: 12,
      // Test ether: a high cap, so a busy test network never holds the orders up.
      maxFeeGwei: 200,
      replaceAfterBlocks: 3,
    },
    deployment: 'all-at-once',
    mailFrom: 'no-reply@staging.plaques.dev',
    jwt: { audience: 'plaque-marketplace-staging' },
    collection: { name: 'Plaques (staging)', description: COLLECTION_DESCRIPTION },
    commissionBps: 1000,
    // To serve on a domain of your own: domain: { name: 'api.staging.plaques.dev', hostedZone: { id: 'Z…', name: 'plaques.dev' } },
  },
  production: {
    ...common,
    name: 'production',
    stackName: stackNameOf('production'),
    logLevel: 'INFO',
    logRetention: RetentionDays.THREE_MONTHS,
    retainData: true,
    throttle: {
      stage: { rateLimit: 500, burstLimit: 1_000 },
      usagePlan: { rateLimit: 20, burstLimit: 40 },
      quota: { limit: 100_000, period: Period.DAY },
    },
    firewall: { ratePerIpPer5Minutes: 10_000, signInRatePerIpPer5Minutes: 300 },
    reservedConcurrency: {
      'functions/auth/login.ts': 20,
      'functions/auth/request-code.ts': 20,
      'functions/delivery/deliver-order.ts': 1,
    },
    alarms: {
      api5xxRate: 0.02,
      api5xxPeriods: 2,
      functionThrottles: 10,
      tableThrottles: 10,
      dlqDepth: 1,
      workerErrors: 1,
      workerIteratorAgeSeconds: 5 * 60,
      followerErrors: 1,
      // A few days of sales, time to buy and send ether.
      signerMintsLeft: 200,
      email: 'ops@plaques.dev',
    },
    // Ethereum mainnet.
    chain: {
      rpcUrl: 'https://ethereum-rpc.publicnode.com',
      chainId: 1,
      explorerUrl: 'https://etherscan.io',
      contractAddress: recordedContract('production', 1),
      // Finality (about 13 minutes): the order stays MINTING, and a follower woken by the reconciler records it once
      // finalized.
      confirmations: 'finalized',
      blockSeconds: 12,
      // About 30 000 gas a token: at 60 gwei a mint costs 0.0018 ETH at most.
      maxFeeGwei: 60,
      replaceAfterBlocks: 3,
    },
    deployment: 'canary-10-percent-5-minutes',
    mailFrom: 'no-reply@plaques.dev',
    jwt: { audience: 'plaque-marketplace' },
    collection: { name: 'Plaques', description: COLLECTION_DESCRIPTION },
    commissionBps: 1000,
  },
};

export const stageNames: StageName[] = [...STAGE_NAMES];

/** An origin as browsers send it: https, a host name and an optional port; no path, no trailing slash. */
const BROWSER_ORIGIN = /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[1-9]\d{0,4})?$/;

/** The stage's frontend origins, each checked: a synth stops on one a browser would never send. */
export function frontendOriginsOf(stage: StageConfig): string[] {
  for (const origin of stage.frontendOrigins) {
    if (!BROWSER_ORIGIN.test(origin)) {
      throw new Error(
        `stage ${stage.name}: frontendOrigins holds ${JSON.stringify(origin)}, not an origin as browsers send it (https://host or https://host:port, lower case, no path)`,
      );
    }
  }
  return [...new Set(stage.frontendOrigins)];
}
