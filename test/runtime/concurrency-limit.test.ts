// The concurrency limit the password KDF runs behind: never more than N tasks at once, the rest in call order.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { concurrencyLimit } from '#lib/runtime/concurrency-limit.ts';

const tick = (turns: number) => new Promise<void>((done) => setTimeout(done, turns));

describe('concurrencyLimit', () => {
  // Whatever each task takes and whether it fails, no more than the limit run at once, the limit is reached when
  // enough tasks wait, tasks start in call order, and each caller gets its own task's result or error.
  it('never lets more than N tasks run at once, starts them in call order and gives each caller its own outcome', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ turns: fc.nat(3), fails: fc.boolean() }), { maxLength: 20 }),
        async (max, tasks) => {
          const limit = concurrencyLimit(max);
          const started: number[] = [];
          let running = 0;
          let most = 0;
          const outcomes = await Promise.allSettled(
            tasks.map((task, i) =>
              limit(async () => {
                started.push(i);
                running++;
                most = Math.max(most, running);
                expect(limit.running).toBe(running);
                await tick(task.turns);
                running--;
                if (task.fails) throw new Error(`task ${i}`);
                return i;
              }),
            ),
          );
          expect(most).toBe(Math.min(max, tasks.length));
          expect(started).toEqual(tasks.map((_, i) => i));
          outcomes.forEach((outcome, i) =>
            expect(outcome).toEqual(
              tasks[i]!.fails ? { status: 'rejected', reason: new Error(`task ${i}`) } : { status: 'fulfilled', value: i },
            ),
          );
          expect([limit.running, limit.waiting]).toEqual([0, 0]);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps the rest waiting until a slot frees', async () => {
    const limit = concurrencyLimit(2);
    const gates: (() => void)[] = [];
    const held = () => limit(() => new Promise<void>((open) => gates.push(open)));
    const all = [held(), held(), held(), held()];
    await tick(1);
    expect([limit.running, limit.waiting, gates.length]).toEqual([2, 2, 2]);
    gates[0]!();
    await tick(1);
    expect([limit.running, limit.waiting, gates.length]).toEqual([2, 1, 3]);
    for (const open of gates.slice(1)) open();
    await tick(1);
    gates[3]!();
    await Promise.all(all);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('refuses a limit that is not a positive integer', () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => concurrencyLimit(max)).toThrow(RangeError);
  });
});
