// The API-key port: makes a new partner key known to whatever checks `x-api-key` in front of the handlers.
// In AWS that is API Gateway (a key attached to the stage's usage plan); locally the local server checks the
// stored hash itself, so registering only names the key.
import { randomBytes } from 'node:crypto';
import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  NotFoundException,
} from '@aws-sdk/client-api-gateway';
import { servicesConfig, type ServicesConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';

export interface ApiKeyIssuer {
  /** Registers the key value; returns the key's id (what `requestContext.identity.apiKeyId` will carry). */
  register(key: { value: string; name: string }): Promise<string>;
  /** Stops the key from being accepted, and forgets it; unknown ids are ignored (revoking twice is fine). */
  unregister(id: string): Promise<void>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Registers partner API keys with whatever checks `x-api-key` (API Gateway in AWS): use `apiKeyIssuerOf(ctx)`. */
    apiKeyIssuer?: ApiKeyIssuer;
  }
}

const localApiKeyIssuer = (): ApiKeyIssuer => ({
  register: async () => `key_${randomBytes(12).toString('base64url')}`,
  // The local key check refuses a revoked key, and a rolled one from its `expiresAt` on (lib/partner/api-keys.ts).
  unregister: async () => undefined,
});

export function apiGatewayKeyIssuer(options: { usagePlanId: string; client: APIGatewayClient }): ApiKeyIssuer {
  const { client, usagePlanId } = options;
  const unregister = async (id: string): Promise<void> => {
    try {
      await client.send(new DeleteApiKeyCommand({ apiKey: id }));
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
    }
  };
  return {
    async register({ value, name }) {
      const key = await client.send(new CreateApiKeyCommand({ name, value, enabled: true }));
      const id = key.id!;
      try {
        await client.send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId: id, keyType: 'API_KEY' }));
      } catch (error) {
        // A key outside the usage plan is refused by API Gateway anyway; delete it rather than leave it lying around.
        await unregister(id).catch(() => undefined);
        throw error;
      }
      return id;
    },
    unregister,
  };
}

/** API Gateway when the stage names its usage plan, the local issuer otherwise. */
function configuredApiKeyIssuer(config: ServicesConfig): ApiKeyIssuer {
  if (!config.API_KEY_USAGE_PLAN_ID) return localApiKeyIssuer();
  return apiGatewayKeyIssuer({ usagePlanId: config.API_KEY_USAGE_PLAN_ID, client: new APIGatewayClient({ region: config.AWS_REGION }) });
}

/** The context's API key issuer, built from configuration on first use unless the context was given one. */
export const apiKeyIssuerOf = (ctx: AppContext): ApiKeyIssuer => (ctx.apiKeyIssuer ??= configuredApiKeyIssuer(servicesConfig()));
