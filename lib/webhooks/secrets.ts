// Endpoint secrets: made here (`whsec_` + base64 of 32 random bytes, as the Standard Webhooks libraries read them),
// shown once, and stored only sealed: by the stage's KMS key in AWS (kms-secret-box.ts), locally by AES-256-GCM under a
// key file in DATA_DIR/keys. The seal is bound to the endpoint and its partner, so a sealed secret copied onto
// another endpoint does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { webhookConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { readOrMakeOnce } from '#lib/runtime/data-file.ts';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';
import { webhookPortsOf } from '#lib/webhooks/ports.ts';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** What a sealed secret belongs to: it opens only for the same endpoint of the same partner. */
export interface SecretOwner {
  webhookId: string;
  partnerId: number;
}

export interface SecretBox {
  seal(secret: string, owner: SecretOwner): Promise<string>;
  open(sealed: string, owner: SecretOwner): Promise<string>;
}

declare module '#lib/webhooks/ports.ts' {
  interface WebhookPorts {
    /** Seals endpoint secrets: KMS in AWS, a key file under DATA_DIR locally: use `secretBoxOf(ctx)`. */
    secrets?: SecretBox;
  }
}

/** The owner as KMS encryption context, and as the local seal's additional authenticated data. */
export const ownerContext = (owner: SecretOwner): Record<string, string> => ({
  webhookId: owner.webhookId,
  partnerId: String(owner.partnerId),
});

const LOCAL_PREFIX = 'local:v1:';

/** The local seal: AES-256-GCM under a key made once into `DATA_DIR/keys/webhook-secrets.key`. */
export function localSecretBox(dataDir: string): SecretBox {
  let key: Promise<Buffer> | undefined;
  const keyOf = () =>
    (key ??= readOrMakeOnce(join(dataDir, 'keys', 'webhook-secrets.key'), async () => randomBytes(32).toString('base64')).then((text) =>
      Buffer.from(text.trim(), 'base64'),
    ));
  const aad = (owner: SecretOwner) => Buffer.from(JSON.stringify(ownerContext(owner)));
  return {
    async seal(secret, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      cipher.setAAD(aad(owner));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${LOCAL_PREFIX}${[iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64')).join(':')}`;
    },
    async open(sealed, owner) {
      if (!sealed.startsWith(LOCAL_PREFIX)) throw new Error('not a locally sealed secret');
      const [iv, data, tag] = sealed
        .slice(LOCAL_PREFIX.length)
        .split(':')
        .map((part) => Buffer.from(part, 'base64'));
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), iv!);
      decipher.setAAD(aad(owner));
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * KMS when a key is configured (AWS), the local key file otherwise. The KMS module is imported on first use, so
 * functions that never seal or open a secret do not load its client.
 */
function secretBoxFor(options: { dataDir: string; keyArn?: string | undefined; region: string }): SecretBox {
  const { keyArn, region } = options;
  if (!keyArn) return localSecretBox(options.dataDir);
  const box = lazyAdapter(() => import('#lib/webhooks/kms-secret-box.ts').then((module) => module.kmsSecretBox(keyArn, region)));
  return {
    seal: async (secret, owner) => (await box()).seal(secret, owner),
    open: async (sealed, owner) => (await box()).open(sealed, owner),
  };
}

/** The context's secret box, built from configuration on first use unless the context was given one. */
export const secretBoxOf = (ctx: AppContext): SecretBox =>
  (webhookPortsOf(ctx).secrets ??= secretBoxFor({
    dataDir: ctx.dataDir,
    keyArn: webhookConfig().WEBHOOK_KEY_ARN,
    region: webhookConfig().AWS_REGION,
  }));
