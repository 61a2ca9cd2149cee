// The nested stacks of a stage's functions, computed from the function manifest: one per area of functions/ while it
// fits, else the area spread by hash over the fewest stacks that hold it; a new function never moves the others.
import { describe, expect, it } from 'vitest';
import { functionManifest } from '#lib/http/routes.ts';
import { FUNCTIONS_PER_STACK, stackPlan } from '../../infra/function-stacks.ts';

const modulesOf = (area: string, count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `functions/${area}/operation-${from + i}.ts`);

const countsOf = (plan: Map<string, string>) => {
  const counts = new Map<string, number>();
  for (const id of plan.values()) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
};

describe('the nested stacks of the functions', () => {
  it("puts each area of today's manifest in one stack named after it", () => {
    const plan = stackPlan(functionManifest().map((fn) => fn.handler));
    for (const [module, id] of plan) {
      const area = module.split('/')[1]!;
      expect(id, module).toBe(`${area.charAt(0).toUpperCase()}${area.slice(1)}Functions`);
    }
  });

  it('spreads an area too large for one stack over several, none holding more than its share', () => {
    const plan = stackPlan([...modulesOf('partner', 3 * FUNCTIONS_PER_STACK), ...modulesOf('plaques', 5)]);
    const counts = countsOf(plan);
    expect([...counts.keys()].filter((id) => id.startsWith('Partner')).length).toBeGreaterThanOrEqual(3);
    for (const [id, count] of counts) expect(count, id).toBeLessThanOrEqual(FUNCTIONS_PER_STACK);
    expect(counts.get('PlaquesFunctions')).toBe(5);
  });

  it('leaves every function where it was when one more is added to its area', () => {
    const before = stackPlan(modulesOf('partner', 2 * FUNCTIONS_PER_STACK + 5));
    const after = stackPlan(modulesOf('partner', 2 * FUNCTIONS_PER_STACK + 6));
    for (const [module, id] of before) expect(after.get(module), module).toBe(id);
  });

  it('refuses a module outside functions/<area>/', () => {
    expect(() => stackPlan(['lib/partner/buy.ts'])).toThrow(/functions\/<area>/);
  });
});
