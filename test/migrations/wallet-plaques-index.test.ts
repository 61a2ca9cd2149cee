// Migration 0003 on a table written by the previous version: plaques minted before the wallet index existed are
// listed under their wallet (newest mint first, after those the delivery listed), nothing else of theirs changes,
// plaques that are not live MINTED ones stay unlisted, a second run converts nothing, and a plaque taken back to
// SOLD between the read and the write is never listed.
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '#lib/db/client.ts';
import { plaqueKey } from '#lib/db/keys.ts';
import { plaqueMigrationRepo } from '#lib/db/plaque-migration-repo.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { walletIndexChanges, walletPlaquesIndex } from '#lib/migrations/wallet-plaques-index.ts';
import { insertPlaques } from '#lib/plaques/catalog-import.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque, TEST_CONTRACT, TEST_PLACEHOLDER } from '../support/factories.ts';
import { anOldPlaqueItem, rawPlaque, writeOldPlaques } from './old-plaques.ts';

type Item = Record<string, unknown>;

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const stage = { placeholderImage: TEST_PLACEHOLDER, contractAddress: TEST_CONTRACT };

let ctx: AppContext;

const minted = (id: number, mintedAt: string, overrides: Item = {}) =>
  anOldPlaqueItem({
    id,
    status: 'MINTED',
    minted: true,
    tokenId: String(id),
    // The previous version kept the wallet as the buyer gave it: lower-case here.
    wallet_address: WALLET.toLowerCase(),
    saleAt: mintedAt,
    mintedAt,
    ...overrides,
  });

const walletPlaqueIds = async () =>
  (await plaqueRepo(dbOf(ctx), ctx.tableName).pageByWallet(WALLET, { limit: 100, after: null })).plaques.map((p) => p.id);

beforeAll(async () => {
  ctx = await freshTable();
});

describe('0003-wallet-plaques-index', () => {
  it('lists the plaques minted before the index under their wallet, changing nothing else, once', async () => {
    await writeOldPlaques(ctx, [
      minted(1, '2025-11-03T10:00:00.000Z'),
      minted(2, '2025-11-05T10:00:00.000Z'),
      minted(3, '2025-11-05T10:00:00.000Z'),
      // Not listed: sold but not minted, minted to another wallet (listed there), deleted, available.
      anOldPlaqueItem({ id: 4, status: 'SOLD', wallet_address: WALLET, saleAt: '2025-11-04T10:00:00.000Z' }),
      minted(5, '2025-11-06T10:00:00.000Z', { wallet_address: '0x00000000000000000000000000000000000000aa' }),
      minted(6, '2025-11-07T10:00:00.000Z', { deletedAt: '2025-11-08T10:00:00.000Z' }),
      anOldPlaqueItem({ id: 7 }),
    ]);
    // Minted by this version: listed by its write already.
    await insertPlaques(ctx, [
      aPlaque({ id: 8, status: 'MINTED', minted: true, wallet_address: WALLET, mintedAt: '2025-11-04T10:00:00.000Z' }),
    ]);
    const before = new Map<number, Item>();
    for (let id = 1; id <= 8; id++) before.set(id, await rawPlaque(ctx, id));
    expect(await walletPlaqueIds()).toEqual([8]);

    const counts = await walletPlaquesIndex.run({ ctx, stage });
    expect(counts).toEqual({ scanned: 8, converted: 4, alreadyConverted: 4 });
    expect(await walletPlaqueIds()).toEqual([3, 2, 8, 1]);
    expect(
      (await plaqueRepo(dbOf(ctx), ctx.tableName).pageByWallet('0x00000000000000000000000000000000000000aa', { limit: 10, after: null }))
        .plaques,
    ).toEqual([expect.objectContaining({ id: 5 })]);

    for (let id = 1; id <= 8; id++) {
      const { gsi1pk, gsi1sk, ...rest } = await rawPlaque(ctx, id);
      const { gsi1pk: _pk, gsi1sk: _sk, ...was } = before.get(id)!;
      // updatedAt and the catalogue position included: a delivery that read the plaque before still finds it as read.
      expect(rest, `plaque ${id}`).toEqual(was);
      expect(gsi1pk !== undefined, `plaque ${id}`).toBe([1, 2, 3, 5, 8].includes(id));
      if (gsi1pk !== undefined) expect(gsi1sk).toBe(`${before.get(id)!.mintedAt as string}#${String(id).padStart(12, '0')}`);
    }

    expect(await walletPlaquesIndex.run({ ctx, stage })).toEqual({ scanned: 8, converted: 0, alreadyConverted: 8 });
  });

  it('never lists a plaque taken back to SOLD between its read and its write', async () => {
    await writeOldPlaques(ctx, [minted(20, '2025-11-09T10:00:00.000Z')]);
    const changes = walletIndexChanges(await rawPlaque(ctx, 20));
    expect(changes.map((c) => c.attribute)).toEqual(['gsi1pk', 'gsi1sk', 'status', 'wallet_address', 'mintedAt']);
    // The reconciler takes the mint back meanwhile.
    await dbOf(ctx).send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: plaqueKey(20),
        UpdateExpression: 'SET #status = :sold, minted = :false, mintedAt = :null',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sold': 'SOLD', ':false': false, ':null': null },
      }),
    );
    expect(await plaqueMigrationRepo(dbOf(ctx), ctx.tableName).rewrite(20, changes)).toEqual({ kind: 'changed' });
    expect(walletIndexChanges(await rawPlaque(ctx, 20))).toEqual([]);
    expect((await rawPlaque(ctx, 20)).gsi1pk).toBeUndefined();
    expect(await walletPlaqueIds()).not.toContain(20);
  });
});
