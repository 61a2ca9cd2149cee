// "Getting started": the four workflow calls (look up, owner, hold, buy), the order poll and the release, against the partner's
// base URL, as curl lines a shell runs as written.
import { describe, expect, it } from 'vitest';
import { workflowCalls, workflowVariables } from '../../web/src/workflow.ts';

describe('workflowCalls', () => {
  it('names the partner operations against the base URL, with the key header, however the base URL ends', () => {
    for (const base of ['https://abc.execute-api.eu-west-1.amazonaws.com/v1', 'https://abc.execute-api.eu-west-1.amazonaws.com/v1/']) {
      const commands = workflowCalls(base).map((c) => c.command);
      expect(commands).toHaveLength(6);
      for (const command of commands) {
        expect(command).toMatch(/^curl -s /);
        expect(command).toContain('"https://abc.execute-api.eu-west-1.amazonaws.com/v1/partner/');
        expect(command).toContain('-H "x-api-key: $KEY"');
      }
      expect(commands[0]).toContain('/partner/plaques/$PLAQUE/lookup"');
      expect(commands[1]).toContain('/partner/plaques/$PLAQUE/owner"');
      expect(commands[2]).toMatch(/-X POST ".*\/partner\/plaques\/\$PLAQUE\/prepare"/);
      expect(commands[3]).toMatch(/-X POST ".*\/partner\/plaques\/\$PLAQUE\/buy"/);
      expect(commands[3]).toContain('-H "idempotency-key: $(uuidgen)"');
      expect(commands[4]).toContain('/partner/orders/$ORDER"');
      expect(commands[5]).toMatch(/-X DELETE ".*\/partner\/reservations\/\$RESERVATION"/);
    }
  });

  it('sends JSON bodies the shell expands into the documented members', () => {
    const [, , hold, buy] = workflowCalls('http://127.0.0.1:3000/');
    expect(hold!.command).toContain(`-d "{\\"buyerWallet\\":\\"$WALLET\\"}"`);
    expect(buy!.command).toContain(`-d "{\\"reservationId\\":\\"$RESERVATION\\",\\"buyerWallet\\":\\"$WALLET\\"}"`);
  });

  it('starts with the variables the calls use', () => {
    const lines = workflowVariables(null).split('\n');
    expect(lines.map((l) => l.split('=')[0])).toEqual(['KEY', 'PLAQUE', 'WALLET']);
    expect(workflowVariables('pk_live_ab')).toContain('KEY=pk_live_ab…');
  });
});
