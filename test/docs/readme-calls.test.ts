// README.md's "Call it": the four calls pasted into bash against the local server, as printed (the server's address is
// this test's own, as PORT): two pages of the featured listing, the OpenAPI document and the collection's metadata.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#lib/local/server.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { freshTable } from '../support/db.ts';
import { aPlaque } from '../support/factories.ts';
import { plaqueRepo } from '#lib/db/plaque-repo.ts';
import { dbOf } from '#lib/db/client.ts';
import { runRecipe, shBlock } from './sh-blocks.ts';

let ctx: AppContext;
let server: LocalServer;

beforeAll(async () => {
  ctx = await freshTable({ catalogStalenessMs: 0 });
  // Three featured plaques, one of them not VIRGIN.
  const plaques = [aPlaque({ condition: 'VIRGIN' }), aPlaque({ condition: 'VIRGIN' }), aPlaque({ condition: 'USED' })];
  expect((await plaqueRepo(dbOf(ctx), ctx.tableName).insertMany(plaques)).kind).toBe('inserted');
  server = await startLocalServer({ ctx, port: 0 });
});
afterAll(async () => server?.close());

describe("README.md's Call it", () => {
  it('runs as printed: the listing by limit and by filter, the OpenAPI document, the contract metadata', async () => {
    const calls = shBlock('README.md', '## Call it');
    expect(
      calls
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('curl ')),
    ).toHaveLength(4);
    const [firstPage, virgin, openapi, contract] = (await runRecipe(calls, server.url, ctx.dataDir))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(firstPage!.plaques).toHaveLength(2);
    expect(virgin!.plaques.map((p: { condition: string }) => p.condition)).toEqual(['VIRGIN', 'VIRGIN']);
    expect(virgin!.plaques[0].id).toBeLessThan(virgin!.plaques[1].id);
    expect(openapi).toMatchObject({ openapi: '3.1.0' });
    expect(contract).toMatchObject({ name: expect.any(String) });
  });
});
