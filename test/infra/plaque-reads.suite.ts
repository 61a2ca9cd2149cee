// Suite: the plaque reads for frontends in the synthesized templates: their routes and auth, and functions that may
// only read the table (no write, no scan, no bucket, no secret).
import { describe, expect, it } from 'vitest';
import { TABLE_READ_ACTIONS } from '../../infra/api-function.ts';
import { stageNames } from '../../infra/stages.ts';
import { asArray, functionsByModule, methods, roleStatements, synthStage } from './synth.ts';

const READS = [
  { method: 'GET', path: '/plaques/{id}', operationName: 'getPlaque', handler: 'functions/plaques/get-plaque.ts', jwt: false },
  {
    method: 'GET',
    path: '/plaques/by-name/{name}',
    operationName: 'getPlaqueByName',
    handler: 'functions/plaques/get-plaque-by-name.ts',
    jwt: false,
  },
  {
    method: 'GET',
    path: '/wallets/{address}/plaques',
    operationName: 'listWalletPlaques',
    handler: 'functions/plaques/list-wallet-plaques.ts',
    jwt: false,
  },
  { method: 'GET', path: '/auth/plaques', operationName: 'listOwnPlaques', handler: 'functions/plaques/list-own-plaques.ts', jwt: true },
  {
    method: 'GET',
    path: '/plaques/{id}/activity',
    operationName: 'listPlaqueActivity',
    handler: 'functions/plaques/list-plaque-activity.ts',
    jwt: false,
  },
  { method: 'GET', path: '/activity', operationName: 'listActivity', handler: 'functions/plaques/list-activity.ts', jwt: false },
] as const;

describe.each(stageNames)('the plaque reads for frontends (%s)', (stageName) => {
  it('are routed, public without an API key, the own list behind the JWT authorizer', () => {
    const { template } = synthStage(stageName);
    const all = methods(template);
    for (const read of READS) {
      const method = all.find((m) => m.path === read.path && m.httpMethod === read.method);
      expect(method, read.path).toBeDefined();
      expect(method!.properties['OperationName']).toBe(read.operationName);
      expect(method!.properties['AuthorizationType']).toBe(read.jwt ? 'CUSTOM' : 'NONE');
      expect(method!.properties['ApiKeyRequired']).toBeUndefined();
    }
    // The listing and the statistics keep their own paths beside /plaques/{id}: API Gateway chooses a fixed segment first.
    expect(all.some((m) => m.path === '/plaques/featured' && m.httpMethod === 'GET')).toBe(true);
    const stats = all.find((m) => m.path === '/plaques/stats' && m.httpMethod === 'GET');
    expect(stats?.properties['OperationName']).toBe('getPlaqueStats');
    expect(stats?.properties['AuthorizationType']).toBe('NONE');
  });

  it('run in functions that may only read the table: GetItem, BatchGetItem, Query, ConditionCheckItem on it and its indexes', () => {
    const { template } = synthStage(stageName);
    const fns = functionsByModule(template);
    for (const read of READS) {
      const fn = fns.get(read.handler);
      expect(fn, read.handler).toBeDefined();
      const statements = roleStatements(template, fn!.properties['Role']['Fn::GetAtt'][0]);
      const actions = statements.flatMap((s) => asArray<string>(s['Action']));
      expect(actions.filter((a) => a.startsWith('dynamodb:')).sort(), read.handler).toEqual([...TABLE_READ_ACTIONS].sort());
      // Besides the table: its own logs and traces only.
      expect(
        actions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('logs:') && !a.startsWith('xray:')),
        read.handler,
      ).toEqual([]);
      const table = statements.find((s) => asArray<string>(s['Action']).includes('dynamodb:Query'))!;
      // The table and its indexes (gsi1 holds the wallets' plaques), nothing else.
      expect(JSON.stringify(table['Resource'])).toContain('/index/*');
    }
  });
});
