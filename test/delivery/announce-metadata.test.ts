// Metadata announcements on anvil (ERC-4906), as the signing follower makes them: the marked tokens of a run in one
// transaction whose logs name them, stored before it is broadcast and followed like a mint batch, the marks cleared
// once it is mined and never announced twice; a change marked again meanwhile goes out in the next run; the operator's
// `refresh-metadata` refusing unknown and unminted plaques and waiting for the announcement.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createPublicClient, http, parseEventLogs, type Hex } from 'viem';
import { dbOf } from '#lib/db/client.ts';
import { metadataAnnouncementRepo } from '#lib/db/metadata-announcement-repo.ts';
import { mintBatchRepo } from '#lib/db/mint-batch-repo.ts';
import type { ChainPort } from '#lib/chain/chain-port.ts';
import { plaqueTokenAbi } from '#lib/chain/plaque-token-abi.ts';
import { plaqueTokenAdminAbi } from '#lib/chain/plaque-token-admin-abi.ts';
import { announceMetadataChanges, markForAnnouncement } from '#lib/delivery/announce-metadata.ts';
import { followInFlight } from '#lib/delivery/follow-mints.ts';
import { followSigning } from '#lib/delivery/follow-signing.ts';
import { refreshMetadata } from '#lib/ops/metadata-commands.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { ownChain } from '../support/chain.ts';
import { freshTable } from '../support/db.ts';
import { storePlaque } from '../partner/fixtures.ts';
import { withFaults } from './fixtures.ts';

let chain: ChainPort;
let ctx: AppContext;
const client = createPublicClient({ transport: http(inject('rpcUrl')) });
const eventsAbi = [...plaqueTokenAbi, ...plaqueTokenAdminAbi];

beforeAll(async () => {
  chain = (await ownChain()).chain;
  ctx = await freshTable({ chain });
});

const minted = (id: number) =>
  storePlaque(ctx, {
    id,
    status: 'MINTED',
    minted: true,
    tokenId: String(id),
    contractAddress: chain.contractAddress,
    wallet_address: '0x00000000000000000000000000000000000000aa',
    mintedAt: '2026-01-03T00:00:00.000Z',
  });

const pending = () => metadataAnnouncementRepo(dbOf(ctx), ctx.tableName).pending(1000);

/** Looks at the batches in flight (announcing first) as the signing follower does, until no mark is left. */
async function followUntilAnnounced(on: AppContext = ctx): Promise<void> {
  for (const until = Date.now() + 30_000; (await pending()).length > 0;) {
    if (Date.now() > until) throw new Error(`marks still waiting: ${JSON.stringify(await pending())}`);
    await followInFlight(on, { signing: followSigning, confirmations: 0 });
  }
}

async function announcedIn(hash: string) {
  const receipt = await client.getTransactionReceipt({ hash: hash as Hex });
  return parseEventLogs({ abi: eventsAbi, logs: receipt.logs }).map((log) => [log.eventName, log.args]);
}

describe('a run of the signing follower', () => {
  it('announces every marked token in one transaction, runs of ids as one BatchMetadataUpdate, and clears the marks', async () => {
    for (const id of [501, 502, 503, 510]) await minted(id);
    await markForAnnouncement(ctx, [503, 510, 501, 502]);
    expect(await pending()).toHaveLength(4);
    await followUntilAnnounced();
    const batches = mintBatchRepo(dbOf(ctx), ctx.tableName);
    const signer = await chain.signerAddress();
    const batch = await batches.get(`mb_${signer.toLowerCase()}_${(await batches.nextNonce(signer))! - 1}`);
    expect(batch).toMatchObject({ status: 'SETTLED', orders: [], announces: expect.any(Array) });
    expect(await announcedIn(batch!.mined!.hash)).toEqual([
      ['BatchMetadataUpdate', { _fromTokenId: 501n, _toTokenId: 503n }],
      ['MetadataUpdate', { _tokenId: 510n }],
    ]);
    // Nothing left: the next run sends nothing.
    expect(await announceMetadataChanges(ctx, null)).toBeNull();
  });

  it('leaves an announcement stored but not broadcast to its follower, and announces its tokens once', async () => {
    await minted(520);
    await markForAnnouncement(ctx, [520]);
    const killed = withFaults(chain, { sendRawTransaction: async () => Promise.reject(new Error('killed before the broadcast')) });
    const stored = await announceMetadataChanges({ ...ctx, chain: killed }, null);
    expect(stored).not.toBeNull();
    // Carried by the batch in flight: a second run does not announce it again.
    expect(await announceMetadataChanges(ctx, null)).toBeNull();
    await followUntilAnnounced();
    const settled = await mintBatchRepo(dbOf(ctx), ctx.tableName).get(stored!.batchId);
    expect(settled).toMatchObject({ status: 'SETTLED', mined: { hash: stored!.txs[0]!.hash } });
    expect(await announcedIn(settled!.mined!.hash)).toEqual([['MetadataUpdate', { _tokenId: 520n }]]);
  });

  it('keeps a change marked again while its announcement was in flight for the next run', async () => {
    await minted(530);
    await markForAnnouncement(ctx, [530]);
    const held = withFaults(chain, { sendRawTransaction: async () => Promise.reject(new Error('not yet')) });
    const first = await announceMetadataChanges({ ...ctx, chain: held }, null);
    // A later change of the same token, after the first announcement was signed.
    await new Promise((r) => setTimeout(r, 5));
    await markForAnnouncement(ctx, [530]);
    await followInFlight(ctx, { confirmations: 0 }); // broadcasts the first; a follower that signs nothing announces nothing
    for (const until = Date.now() + 30_000; (await mintBatchRepo(dbOf(ctx), ctx.tableName).get(first!.batchId))?.status !== 'SETTLED';) {
      if (Date.now() > until) throw new Error('the first announcement was not settled');
      await followInFlight(ctx, { confirmations: 0 });
    }
    expect(await pending()).toHaveLength(1);
    const second = await announceMetadataChanges(ctx, null);
    expect(second?.batchId).not.toBe(first!.batchId);
    await followUntilAnnounced();
  });
});

describe('npm run ops -- refresh-metadata', () => {
  const target = () => ({ endpoint: inject('dynamoEndpoint'), table: ctx.tableName, contractAddress: chain.contractAddress });

  it('refuses unknown and unminted plaques, naming each, and marks nothing', async () => {
    const unminted = await storePlaque(ctx, { id: 540 });
    const error = await markForAnnouncement(ctx, [540, 999_999]).catch((e: { code: string; detail: string }) => e);
    expect(error).toMatchObject({ code: 'NOT_ANNOUNCEABLE' });
    expect((error as { detail: string }).detail).toBe(
      `plaque 540 (${unminted.name}) is not minted (AVAILABLE): only a minted token has metadata to refresh; plaque 999999 does not exist: nothing announced`,
    );
    expect(await pending()).toEqual([]);
  });

  it('waits for the follower to announce the tokens and names the transaction', async () => {
    await minted(550);
    let running = true;
    const follower = (async () => {
      while (running) {
        await followInFlight(ctx, { signing: followSigning, confirmations: 0 });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      const report = await refreshMetadata(target(), [550], 30_000);
      expect(report).toMatchObject({ marked: 1, announced: true, txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      expect(await announcedIn(report.txHash!)).toEqual([['MetadataUpdate', { _tokenId: 550n }]]);
    } finally {
      running = false;
      await follower;
    }
  });
});
