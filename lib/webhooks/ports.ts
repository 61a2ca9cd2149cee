// What the webhook code reaches outside the table, each built from configuration on first use unless the context was
// given its own (the local runtime and tests): the wake-up queue, the secret box, the URL policy and the resolver.
import { webhookConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { systemResolver, type Resolver, type UrlPolicy } from '#lib/webhooks/address-guard.ts';
import { wakeupQueueFor, type WakeupQueue } from '#lib/webhooks/queue.ts';
import { secretBoxFor, type SecretBox } from '#lib/webhooks/secrets.ts';

export interface WebhookPorts {
  queue?: WakeupQueue;
  secrets?: SecretBox;
  /** `aws` on every deployed stage (STAGE other than `local`). */
  urlPolicy?: UrlPolicy;
  resolve?: Resolver;
}

const portsOf = (ctx: AppContext): WebhookPorts => (ctx.webhooks ??= {});

export const wakeupQueueOf = (ctx: AppContext): WakeupQueue =>
  (portsOf(ctx).queue ??= wakeupQueueFor({
    dataDir: ctx.dataDir,
    queueUrl: webhookConfig().WEBHOOK_QUEUE_URL,
    region: webhookConfig().AWS_REGION,
  }));

export const secretBoxOf = (ctx: AppContext): SecretBox =>
  (portsOf(ctx).secrets ??= secretBoxFor({
    dataDir: ctx.dataDir,
    keyArn: webhookConfig().WEBHOOK_KEY_ARN,
    region: webhookConfig().AWS_REGION,
  }));

export const urlPolicyOf = (ctx: AppContext): UrlPolicy => (portsOf(ctx).urlPolicy ??= webhookConfig().STAGE === 'local' ? 'local' : 'aws');

export const resolverOf = (ctx: AppContext): Resolver => (portsOf(ctx).resolve ??= systemResolver);
