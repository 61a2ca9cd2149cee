// Endpoint secrets sealed by the stage's KMS key: Encrypt and Decrypt with the endpoint and its partner as encryption
// context (CloudTrail records each use, and a ciphertext moved to another endpoint does not decrypt).
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { ownerContext, type SecretBox } from '#lib/webhooks/secrets.ts';

type KmsSender = Pick<KMSClient, 'send'>;

const KMS_PREFIX = 'kms:';

export function kmsSecretBox(keyArn: string, region: string, client: KmsSender = new KMSClient({ region })): SecretBox {
  return {
    async seal(secret, owner) {
      const out = await client.send(
        new EncryptCommand({ KeyId: keyArn, Plaintext: Buffer.from(secret, 'utf8'), EncryptionContext: ownerContext(owner) }),
      );
      return `${KMS_PREFIX}${Buffer.from(out.CiphertextBlob!).toString('base64')}`;
    },
    async open(sealed, owner) {
      if (!sealed.startsWith(KMS_PREFIX)) throw new Error('not a KMS-sealed secret');
      const out = await client.send(
        new DecryptCommand({
          KeyId: keyArn,
          CiphertextBlob: Buffer.from(sealed.slice(KMS_PREFIX.length), 'base64'),
          EncryptionContext: ownerContext(owner),
        }),
      );
      return Buffer.from(out.Plaintext!).toString('utf8');
    },
  };
}
