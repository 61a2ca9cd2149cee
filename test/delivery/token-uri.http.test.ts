// The token as a wallet finds it after a real delivery: bought through the local server, minted on anvil by the delivery
// worker, then read from the outside: `uri(id)` and `contractURI()` from the contract with viem, `{id}` substituted as
// EIP-1155 says (64 lower-case hex digits, no 0x), the addresses fetched over HTTP from the local server, the metadata
// held to the EIP-1155 and OpenSea schemas, and its image fetched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Address } from 'viem';
import { inject } from 'vitest';
import { setMetadataUris } from '#lib/chain/metadata-uris.ts';
import { plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { StreamPoller } from '#lib/local/stream-poller.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import type { OwnChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { aPartner, aWallet, call, storePlaque, type TestPartner } from '../partner/fixtures.ts';
import { metadataViolations } from '../tokens/metadata-schemas.ts';
import { deliveryChain, startDeliveryWorker } from './fixtures.ts';

let own: OwnChain;
let ctx: AppContext;
let server: LocalServer;
let poller: StreamPoller;
let partner: TestPartner;

beforeAll(async () => {
  own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain, catalogStalenessMs: 0 });
  server = await startLocalServer({ ctx, port: 0 });
  // The server on its own port serves the media and names itself, as `npm start` does on PORT.
  ctx.mediaBaseUrl = `${server.url}/_media`;
  ctx.publicBaseUrl = server.url;
  // What `npm start` does after deploying: the contract names this server's metadata.
  await setMetadataUris({
    rpcUrl: inject('rpcUrl'),
    contractAddress: own.chain.contractAddress,
    adminKey: own.signerKey,
    base: server.url,
  });
  poller = await startDeliveryWorker(ctx);
  partner = await aPartner(ctx);
});

afterAll(async () => {
  await poller?.stop();
  await server?.close();
});

async function delivered(orderId: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const reply = await call(server.url, 'GET', `/partner/orders/${orderId}`, { key: partner.apiKey });
    if (reply.json.status === 'DELIVERED') return;
    if (reply.json.status === 'FAILED') throw new Error(`order ${orderId} FAILED: ${reply.json.failureReason}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`order ${orderId} was never DELIVERED`);
}

/** EIP-1155: clients replace `{id}` with the token id in lower-case hex, zero-padded to 64 digits, without 0x. */
const substituted = (template: string, tokenId: bigint): string => template.replaceAll('{id}', tokenId.toString(16).padStart(64, '0'));

describe('a delivered token, read as a wallet reads it', () => {
  it('resolves uri(id) on the local server to metadata that keeps the EIP-1155 and OpenSea schemas, with an image that loads', async () => {
    const plaque = await storePlaque(ctx, { image: null, description: '' });
    const wallet = aWallet();
    const prepared = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/prepare`, {
      key: partner.apiKey,
      body: { buyerWallet: wallet },
    });
    expect(prepared.status, prepared.text).toBe(200);
    const { reservationId } = prepared.json;
    const bought = await call(server.url, 'POST', `/partner/plaques/${plaque.id}/buy`, {
      key: partner.apiKey,
      body: { reservationId, buyerWallet: wallet },
      headers: { 'idempotency-key': `token-uri-${plaque.id}` },
    });
    expect(bought.status, bought.text).toBe(201);
    await delivered(bought.json.orderId);

    const client = createPublicClient({ transport: http(inject('rpcUrl')) });
    const token = { address: own.chain.contractAddress as Address, abi: plaqueTokenAdminAbi } as const;
    const tokenId = BigInt(plaque.id);
    const template = await client.readContract({ ...token, functionName: 'uri', args: [tokenId] });
    expect(template).toBe(`${server.url}/tokens/{id}.json`);

    const address = substituted(template, tokenId);
    expect(address).toMatch(/\/tokens\/[0-9a-f]{64}\.json$/);
    const response = await fetch(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const metadata = (await response.json()) as { name: string; image: string; properties: { plaqueId: number } };
    expect(metadataViolations(metadata)).toEqual([]);
    expect(metadata).toMatchObject({ name: plaque.name, properties: { plaqueId: plaque.id } });

    const image = await fetch(metadata.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // The prepare answer showed the metadata the token now serves: one function builds both.
    expect(metadata).toEqual(prepared.json.token.metadata);

    const collection = await fetch(await client.readContract({ ...token, functionName: 'contractURI' }));
    expect(collection.status).toBe(200);
    expect(await collection.json()).toMatchObject({ name: expect.any(String), image: expect.stringMatching(/^http:\/\//) });
  });
});
