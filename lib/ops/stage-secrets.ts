// The names a deployed stage gives its stack and its secrets, and the chain it runs on: the CDK app (infra/) builds
// them from here, and the ops commands find them from the stage's name alone.

export const STAGE_NAMES = ['staging', 'production'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export const isStageName = (value: unknown): value is StageName =>
  typeof value === 'string' && (STAGE_NAMES as readonly string[]).includes(value);

/** CloudFormation stack name of a stage; also the prefix of its function, secret and log group names. */
export const stackNameOf = (stage: StageName): string => `PlaqueApi-${stage}`;

/** The secrets of a stage, by role: `<stack>/<name>`. */
export const SECRET_NAMES = {
  jwtKeys: 'jwt-signing-keys',
  walletMnemonic: 'wallet-mnemonic',
  chainSigner: 'chain-signer-key',
} as const;

export type SecretRole = keyof typeof SECRET_NAMES;

export const secretIdOf = (stage: StageName, role: SecretRole): string => `${stackNameOf(stage)}/${SECRET_NAMES[role]}`;

/** The chain each stage's contract lives on (infra/stages.ts `chain.chainId`): Sepolia for staging, Ethereum mainnet. */
export const STAGE_CHAIN_IDS: Record<StageName, number> = { staging: 11155111, production: 1 };
