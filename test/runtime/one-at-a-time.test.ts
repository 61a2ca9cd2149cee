// The one-at-a-time queue the chain port's sends and the local stream poller's passes run through.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { oneAtATime } from '#lib/runtime/one-at-a-time.ts';

const tick = (turns: number) => new Promise<void>((done) => setTimeout(done, turns));

describe('oneAtATime', () => {
  // Whatever each task takes and whether it fails, tasks never overlap, start in call order, and each caller gets
  // its own task's result or error.
  it('runs tasks one after another in call order, each caller getting its own outcome', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ turns: fc.nat(3), fails: fc.boolean() }), { maxLength: 12 }), async (tasks) => {
        const queue = oneAtATime();
        const started: number[] = [];
        let running = 0;
        let overlapped = false;
        const outcomes = await Promise.allSettled(
          tasks.map((task, i) =>
            queue(async () => {
              started.push(i);
              running++;
              if (running > 1) overlapped = true;
              await tick(task.turns);
              running--;
              if (task.fails) throw new Error(`task ${i}`);
              return i;
            }),
          ),
        );
        expect(overlapped).toBe(false);
        expect(started).toEqual(tasks.map((_, i) => i));
        outcomes.forEach((outcome, i) => {
          if (tasks[i]!.fails) expect(outcome).toEqual({ status: 'rejected', reason: new Error(`task ${i}`) });
          else expect(outcome).toEqual({ status: 'fulfilled', value: i });
        });
      }),
      { numRuns: 50 },
    );
  });

  it('keeps separate queues apart', async () => {
    const [a, b] = [oneAtATime(), oneAtATime()];
    let release!: () => void;
    const blocked = a(() => new Promise<void>((done) => (release = done)));
    await expect(b(async () => 'b ran')).resolves.toBe('b ran');
    release();
    await blocked;
  });
});
