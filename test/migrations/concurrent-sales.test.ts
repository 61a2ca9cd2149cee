// Migration 0001 while the API sells: a prepare, buy or delivery that read a plaque before the migration rewrote it
// still succeeds at its first attempt (the rewrite leaves updatedAt alone), the migration never undoes a sale, and
// under concurrent traffic no prepare or buy fails because of it. Transaction conflicts it meets are retried.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Address } from 'viem';
import { createDocumentClient } from '#lib/db/client.ts';
import { followInFlight } from '#lib/delivery/follow-mints.ts';
import { sendMints } from '#lib/delivery/send-mints.ts';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import { interfaceEnumerations } from '#lib/migrations/interface-enumerations.ts';
import type { MigrationCounts } from '#lib/migrations/migration.ts';
import { stageValuesOf } from '#lib/plaques/stage-values.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { deliveryChain } from '../delivery/fixtures.ts';
import { aPartner, aWallet, call, intercept, type TestPartner } from '../partner/fixtures.ts';
import { anOldPlaqueItem, rawPlaque, writeOldPlaques } from './old-plaques.ts';

type Item = Record<string, unknown>;

let ctx: AppContext;
/** The migration's own client on the same table, so faults and pauses injected into one do not touch the other. */
let migrationCtx: Pick<AppContext, 'db' | 'tableName'>;
let server: LocalServer;
let partner: TestPartner;
const removers: (() => void)[] = [];
let nextId = 1;

beforeAll(async () => {
  const own = await deliveryChain();
  ctx = await freshTable({ chain: own.chain });
  migrationCtx = { db: createDocumentClient({ region: 'us-east-1', endpoint: inject('dynamoEndpoint') }), tableName: ctx.tableName };
  server = await startLocalServer({ ctx, port: 0 });
  partner = await aPartner(ctx);
});

afterEach(() => {
  for (const remove of removers.splice(0)) remove();
});

afterAll(async () => {
  await server.close();
});

const migrateNow = (): Promise<MigrationCounts> => interfaceEnumerations.run({ ctx: migrationCtx, stage: stageValuesOf(ctx) });

async function oldPlaques(count: number, overrides: Item = {}): Promise<number[]> {
  const ids = Array.from({ length: count }, () => nextId++);
  await writeOldPlaques(
    ctx,
    ids.map((id, i) => anOldPlaqueItem({ id, condition: i % 2 === 0 ? 'GOOD' : 'WORN', marketplace: 'SECONDARY', ...overrides })),
  );
  return ids;
}

const prepare = (id: number, wallet: string) =>
  call(server.url, 'POST', `/partner/plaques/${id}/prepare`, { key: partner.apiKey, body: { buyerWallet: wallet } });
const buy = (id: number, reservationId: string, wallet: string) =>
  call(server.url, 'POST', `/partner/plaques/${id}/buy`, {
    key: partner.apiKey,
    body: { reservationId, buyerWallet: wallet },
    headers: { 'idempotency-key': `migrating-${id}-${reservationId}` },
  });

/** Runs `before` once, ahead of the first `command` the client sends (that `which` picks); counts every such command. */
function onFirst(
  db: Pick<AppContext, 'db'>,
  command: string,
  before: () => Promise<unknown>,
  which: (input: any) => boolean = () => true,
): { calls: () => number } {
  let calls = 0;
  removers.push(
    intercept(db as AppContext, command, async (send, input) => {
      if (!which(input)) return send();
      calls++;
      if (calls === 1) await before();
      return send();
    }),
  );
  return { calls: () => calls };
}

/** The hold's conditional write (lib/db/plaque-repo.ts `placeHold`). */
const isHold = (input: { UpdateExpression?: string }) => input.UpdateExpression?.includes('reservationId = :rid') === true;

const expectConverted = (item: Item) =>
  expect(item).toMatchObject({
    condition: 'USED',
    marketplace: 'opensea',
    standard: 'ERC-1155',
    description: '',
    image: expect.any(String),
  });

describe('a sale in progress when the migration rewrites its plaque', () => {
  it('holds the plaque when the migration ran between the prepare reading it and holding it', async () => {
    const [id] = await oldPlaques(1);
    let converted = 0;
    const holds = onFirst(ctx, 'UpdateItemCommand', async () => (converted = (await migrateNow()).converted), isHold);
    const reply = await prepare(id!, aWallet());
    expect(reply.status).toBe(200);
    expect(converted).toBeGreaterThanOrEqual(1);
    expect(holds.calls()).toBe(1);
    expect(reply.json.token.metadata.attributes).toContainEqual({ trait_type: 'Condition', value: 'USED' });
    expectConverted(await rawPlaque(ctx, id!));
    expect(await rawPlaque(ctx, id!)).toMatchObject({ status: 'LOCKED' });
  });

  it('sells the plaque at the first attempt when the migration ran between the buy reading it and writing the sale', async () => {
    const [id] = await oldPlaques(1);
    const wallet = aWallet();
    const { reservationId } = (await prepare(id!, wallet)).json;
    expect((await rawPlaque(ctx, id!)).condition).not.toBe('USED');
    let converted = 0;
    const sales = onFirst(ctx, 'TransactWriteItemsCommand', async () => (converted = (await migrateNow()).converted));
    const reply = await buy(id!, reservationId, wallet);
    expect(reply.status).toBe(201);
    expect(converted).toBeGreaterThanOrEqual(1);
    expect(sales.calls()).toBe(1);
    expect(reply.json.plaque).toMatchObject({ status: 'SOLD', condition: 'USED', marketplace: 'opensea', standard: 'ERC-1155' });
    const stored = await rawPlaque(ctx, id!);
    expectConverted(stored);
    expect(stored).toMatchObject({ status: 'SOLD', wallet_address: wallet, orderId: reply.json.orderId });
  });

  it('delivers at the first attempt when the migration ran between the delivery reading the plaque and recording the mint', async () => {
    const [id] = await oldPlaques(1);
    const wallet = aWallet() as Address;
    const { reservationId } = (await prepare(id!, wallet)).json;
    const { orderId } = (await buy(id!, reservationId, wallet)).json;
    // The sale itself converts nothing: the migration still has the plaque's old values to rewrite.
    expect((await rawPlaque(ctx, id!)).standard).toBe('ERC1155');
    const { batches } = await sendMints(ctx, [orderId]);
    await ctx.chain!.waitForReceipt(batches[0]!.txHash as `0x${string}`, 10_000);
    let converted = 0;
    const records = onFirst(ctx, 'TransactWriteItemsCommand', async () => (converted = (await migrateNow()).converted));
    expect([...(await followInFlight(ctx)).values()]).toEqual(['settled']);
    expect(converted).toBeGreaterThanOrEqual(1);
    expect(records.calls()).toBe(1);
    const stored = await rawPlaque(ctx, id!);
    expectConverted(stored);
    expect(stored).toMatchObject({ status: 'MINTED', minted: true, tokenId: String(id) });
  });

  it('never undoes a sale made between the migration reading a plaque and rewriting it', async () => {
    const [id] = await oldPlaques(1);
    const wallet = aWallet();
    let sale: { status: number; json: any } | undefined;
    onFirst(migrationCtx, 'UpdateItemCommand', async () => {
      const { reservationId } = (await prepare(id!, wallet)).json;
      sale = await buy(id!, reservationId, wallet);
    });
    const counts = await migrateNow();
    expect(sale?.status).toBe(201);
    expect(counts.converted).toBe(1);
    const stored = await rawPlaque(ctx, id!);
    expectConverted(stored);
    expect(stored).toMatchObject({ status: 'SOLD', wallet_address: wallet, orderId: sale!.json.orderId, saleAt: expect.any(String) });
    // The sale wrote the token metadata in the new values; the migration, which read no metadata, left it as the sale wrote it.
    expect(stored.metadata).toMatchObject({ properties: expect.objectContaining({ condition: 'USED', marketplace: 'opensea' }) });
  });
});

describe('the migration under traffic', () => {
  it('converts 60 old plaques while 20 of them are prepared and bought: every prepare and buy succeeds', async () => {
    const ids = await oldPlaques(60);
    // Each rewrite takes a little longer, so the run spans the traffic.
    removers.push(
      intercept(migrationCtx as AppContext, 'UpdateItemCommand', async (send) => {
        await new Promise((r) => setTimeout(r, 15));
        return send();
      }),
    );
    const migration = migrateNow();
    const replies = await Promise.all(
      ids.slice(0, 20).map(async (id) => {
        const wallet = aWallet();
        const prepared = await prepare(id, wallet);
        if (prepared.status !== 200) return { id, step: 'prepare', status: prepared.status, body: prepared.text };
        const sold = await buy(id, prepared.json.reservationId, wallet);
        return { id, step: 'buy', status: sold.status, body: sold.text };
      }),
    );
    const counts = await migration;
    expect(replies.filter((r) => r.status !== 201)).toEqual([]);
    expect(counts.converted).toBe(60);
    for (const id of ids) expectConverted(await rawPlaque(ctx, id));
    for (const id of ids.slice(0, 20)) expect((await rawPlaque(ctx, id)).status).toBe('SOLD');
  }, 60_000);

  it('waits out transaction conflicts and throttling on its writes, and converts everything', async () => {
    const ids = await oldPlaques(5);
    let refused = 0;
    removers.push(
      intercept(migrationCtx as AppContext, 'UpdateItemCommand', async (send) => {
        if (refused++ % 3 < 2) {
          const name = refused % 2 === 0 ? 'TransactionConflictException' : 'ProvisionedThroughputExceededException';
          throw Object.assign(new Error(`${name} (injected)`), { name, $metadata: {} });
        }
        return send();
      }),
    );
    const counts = await migrateNow();
    expect(counts.converted).toBe(5);
    expect(refused).toBeGreaterThanOrEqual(15);
    for (const id of ids) expectConverted(await rawPlaque(ctx, id));
  });
});
