// The local pollers' pace: short while passes find work, doubling up to the idle wait while they find none, short
// again at once on this process's activity.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idlePace, noteActivity, type IdlePace } from '#lib/local/idle-pace.ts';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** How long (in fake milliseconds, by steps of 1) each wait takes to end. */
async function waitLengths(...waits: Promise<unknown>[]): Promise<number[]> {
  const ended: (number | undefined)[] = waits.map(() => undefined);
  waits.forEach((wait, i) => void wait.then(() => (ended[i] ??= -1)));
  for (let ms = 1; ms <= 60_000; ms++) {
    await vi.advanceTimersByTimeAsync(1);
    ended.forEach((at, i) => at === -1 && (ended[i] = ms));
    if (ended.every((at) => at !== undefined)) return ended as number[];
  }
  throw new Error('a wait never ended');
}
const waitLength = async (wait: Promise<unknown>) => (await waitLengths(wait))[0]!;

const paces: IdlePace[] = [];
afterEach(() => paces.splice(0).forEach((pace) => pace.close()));
const aPace = (busyMs: number, idleMs?: number) => {
  const pace = idlePace({ busyMs, ...(idleMs !== undefined && { idleMs }) });
  paces.push(pace);
  return pace;
};

describe('idle pace', () => {
  it('waits the short time after a pass that found work, and doubles the wait up to the idle one while none do', async () => {
    const pace = aPace(50, 1_000);
    const waits = [];
    for (const found of [true, false, false, false, false, false, false, false, true, false])
      waits.push(await waitLength(pace.rest(found)));
    expect(waits).toEqual([50, 50, 100, 200, 400, 800, 1_000, 1_000, 50, 50]);
  });

  it('keeps a fixed pace without an idle wait', async () => {
    const pace = aPace(200);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await waitLength(pace.rest(false)));
    expect(waits).toEqual([200, 200, 200, 200]);
  });

  it("ends every idle wait at once on this process's activity, and the next idle wait is short again", async () => {
    const [a, b] = [aPace(50, 1_000), aPace(100, 1_000)];
    for (let i = 0; i < 6; i++) await waitLengths(a.rest(false), b.rest(false));
    const waits = [a.rest(false), b.rest(false)];
    await vi.advanceTimersByTimeAsync(10);
    noteActivity();
    // Both end before the next fake millisecond, 10 into waits of a second.
    expect(await waitLengths(...waits)).toEqual([1, 1]);
    expect(await waitLengths(a.rest(false), b.rest(false))).toEqual([50, 100]);
  });

  it('ends its own wait on wake and on close, and hears no activity once closed', async () => {
    const pace = aPace(50, 1_000);
    for (let i = 0; i < 5; i++) await waitLength(pace.rest(false));
    const wait = pace.rest(false);
    const woken = waitLength(wait);
    pace.wake();
    expect([await woken, await wait]).toEqual([1, true]);
    const waitedOut = pace.rest(true);
    expect([await waitLength(waitedOut), await waitedOut]).toEqual([50, false]);
    const closed = waitLength(pace.rest(false));
    pace.close();
    expect(await closed).toBe(1);
    const after = pace.rest(false);
    noteActivity();
    expect(await waitLength(after)).toBe(100);
  });
});
