// The service's secrets: JWT signing keys, the wallet HD mnemonic and the chain signer key.
//
// CloudFormation creates them with a random placeholder; operators put the real values in afterwards with
// `npm run ops -- init-stage --stage <stage>` (infra/DEPLOY.md). Their values never pass through the template.
// Their names come from lib/ops/stage-secrets.ts, which the ops commands read too.
import { RemovalPolicy } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { StageConfig } from './stages.ts';
import { acknowledge } from './nag.ts';
import { SECRET_NAMES } from '#lib/ops/stage-secrets.ts';

export class ServiceSecrets extends Construct {
  readonly jwtKeys: secretsmanager.Secret;
  readonly walletMnemonic: secretsmanager.Secret;
  readonly chainSigner: secretsmanager.Secret;

  constructor(scope: Construct, id: string, { stage }: { stage: StageConfig }) {
    super(scope, id);
    const secret = (name: string, description: string, rotation: string) => {
      const created = new secretsmanager.Secret(this, name, {
        // A stable name so the ops command and operators find it: `<stack>/<name>`.
        secretName: `${stage.stackName}/${name}`,
        description,
        // Losing the mnemonic loses every service wallet: production secrets outlive the stack.
        removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      acknowledge(created, [{ id: 'AwsSolutions-SMG4', reason: rotation }]);
      return created;
    };

    this.jwtKeys = secret(
      SECRET_NAMES.jwtKeys,
      'ES256 JWT key set (JWKS with private keys and kids); written by `npm run ops -- rotate-jwt-key`.',
      'Rotated by the ops command `rotate-jwt-key`, which adds a new signing key and keeps the previous public key until issued tokens expire; a Secrets Manager rotation Lambda would drop that overlap.',
    );
    this.walletMnemonic = secret(
      SECRET_NAMES.walletMnemonic,
      "BIP-39 mnemonic the users’ service wallets derive from (m/44'/60'/0'/0/<user id>). Never rotate.",
      'Must never rotate: every user’s service wallet address is derived from this mnemonic; a new one would orphan all of them.',
    );
    this.chainSigner = secret(
      SECRET_NAMES.chainSigner,
      'Private key of the account that mints plaques (hex, 0x-prefixed).',
      'Rotating the on-chain signer grants MINTER_ROLE to the new account before its key replaces the old one, then revokes the old account: `npm run ops -- rotate-signer` (infra/DEPLOY.md), not a Secrets Manager rotation.',
    );
  }
}
