// The API Gateway key issuer, against a recording stand-in for the API Gateway client: what it asks AWS to do.
import { describe, expect, it } from 'vitest';
import {
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  NotFoundException,
  type APIGatewayClient,
} from '@aws-sdk/client-api-gateway';
import { apiGatewayKeyIssuer } from '#lib/partner/api-key-issuer.ts';

type Sent = { name: string; input: Record<string, unknown> };

/** Records each command; `fail` decides which ones throw. */
function fakeClient(fail: (command: Sent) => Error | null = () => null) {
  const sent: Sent[] = [];
  const client = {
    async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
      const entry = { name: command.constructor.name, input: command.input };
      sent.push(entry);
      const error = fail(entry);
      if (error) throw error;
      return entry.name === CreateApiKeyCommand.name ? { id: 'a1b2c3d4e5' } : {};
    },
  };
  return { sent, client: client as unknown as APIGatewayClient };
}

describe('API Gateway key issuer', () => {
  it('creates an enabled key with the given value and attaches it to the usage plan', async () => {
    const { sent, client } = fakeClient();
    const id = await apiGatewayKeyIssuer({ usagePlanId: 'plan9', client }).register({ value: 'pk_value', name: 'partner-1' });
    expect(id).toBe('a1b2c3d4e5');
    expect(sent).toEqual([
      { name: CreateApiKeyCommand.name, input: { name: 'partner-1', value: 'pk_value', enabled: true } },
      { name: CreateUsagePlanKeyCommand.name, input: { usagePlanId: 'plan9', keyId: 'a1b2c3d4e5', keyType: 'API_KEY' } },
    ]);
  });

  it('deletes the key again when attaching it to the usage plan fails', async () => {
    const { sent, client } = fakeClient((c) => (c.name === CreateUsagePlanKeyCommand.name ? new Error('boom') : null));
    await expect(apiGatewayKeyIssuer({ usagePlanId: 'plan9', client }).register({ value: 'pk_value', name: 'n' })).rejects.toThrow('boom');
    expect(sent.at(-1)).toEqual({ name: DeleteApiKeyCommand.name, input: { apiKey: 'a1b2c3d4e5' } });
  });

  it('unregisters by deleting the key, and takes an already deleted key as done', async () => {
    const { sent, client } = fakeClient(() => new NotFoundException({ message: 'Invalid API Key identifier specified', $metadata: {} }));
    await expect(apiGatewayKeyIssuer({ usagePlanId: 'plan9', client }).unregister('gone')).resolves.toBeUndefined();
    expect(sent).toEqual([{ name: DeleteApiKeyCommand.name, input: { apiKey: 'gone' } }]);
  });
});
