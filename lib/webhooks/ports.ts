// What the webhook code reaches outside the table, each built from configuration on first use unless the context was
// given its own (the local runtime and tests): the wake-up queue (`wakeupQueueOf`, queue.ts), the secret box
// (`secretBoxOf`, secrets.ts), the URL policy and the resolver. Each accessor of a port with an AWS adapter lives
// next to it: a bundle carries an adapter loaded on first use (a chunk, and the chunks it shares) wherever its module
// is imported, used or not, so a function imports only the ports it calls.
import { webhookConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { systemResolver, type Resolver, type UrlPolicy } from '#lib/webhooks/address-guard.ts';

/** The webhook code's ports; the wake-up queue (`queue`) and the secret box (`secrets`) add their slots in their own modules. */
export interface WebhookPorts {
  /** `aws` on every deployed stage (STAGE other than `local`). */
  urlPolicy?: UrlPolicy;
  resolve?: Resolver;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** The webhook sender's queue, the endpoint secrets' seal, the URL policy and resolver: see lib/webhooks/ports.ts. */
    webhooks?: WebhookPorts;
  }
}

export const webhookPortsOf = (ctx: AppContext): WebhookPorts => (ctx.webhooks ??= {});

export const urlPolicyOf = (ctx: AppContext): UrlPolicy =>
  (webhookPortsOf(ctx).urlPolicy ??= webhookConfig().STAGE === 'local' ? 'local' : 'aws');

export const resolverOf = (ctx: AppContext): Resolver => (webhookPortsOf(ctx).resolve ??= systemResolver);
