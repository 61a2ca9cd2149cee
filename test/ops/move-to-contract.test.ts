// `npm run ops -- move-to-contract`: after a stage's PlaqueToken is replaced, the records still naming the old contract
// move to the stage's, except what lives on the old one (minted plaques); a second run moves nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { dbOf } from '#lib/db/client.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { moveToContract } from '#lib/ops/migrate-command.ts';
import type { TargetOptions } from '#lib/ops/target.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { storePlaque } from '../partner/fixtures.ts';

const OLD = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const NEW = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

let ctx: AppContext;
let target: TargetOptions;
beforeEach(async () => {
  ctx = await freshTable();
  target = { endpoint: inject('dynamoEndpoint'), table: ctx.tableName, dataDir: ctx.dataDir, contractAddress: NEW };
});

describe('move-to-contract', () => {
  it("moves unminted plaques to the stage's contract, leaves minted ones on the old one, and moves nothing the second time", async () => {
    const available = await storePlaque(ctx, { contractAddress: OLD });
    const minted = await storePlaque(ctx, { contractAddress: OLD, status: 'MINTED', minted: true, tokenId: null });
    const elsewhere = await storePlaque(ctx, { contractAddress: NEW });

    expect(await moveToContract(target, OLD.toLowerCase())).toEqual({ plaques: 1, orders: 0, left: [], to: NEW });
    const plaques = plaqueRepo(dbOf(ctx), ctx.tableName);
    expect((await plaques.get(available.id))!.contractAddress).toBe(NEW);
    expect((await plaques.get(minted.id))!.contractAddress).toBe(OLD);
    expect((await plaques.get(elsewhere.id))!.contractAddress).toBe(NEW);
    expect(await moveToContract(target, OLD)).toEqual({ plaques: 0, orders: 0, left: [], to: NEW });
  });

  it("refuses a --from that is no address, or the stage's own contract", async () => {
    await expect(moveToContract(target, '0x1234')).rejects.toThrow('--from must be 0x and 40 hex digits');
    await expect(moveToContract(target, NEW.toLowerCase())).rejects.toThrow("names the stage's current contract");
  });
});
