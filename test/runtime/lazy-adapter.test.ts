// The lazy adapter the ports load their AWS adapters with: nothing loads before the first call, one load is shared,
// a failed load is tried again on the next call.
import { describe, expect, it } from 'vitest';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';

describe('lazyAdapter', () => {
  it('loads nothing until it is first called, then loads once for every caller', async () => {
    let loads = 0;
    const adapter = lazyAdapter(async () => ({ id: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([adapter(), adapter()]);
    expect(await adapter()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next call loads again and keeps what it loaded', async () => {
    let loads = 0;
    const adapter = lazyAdapter(async () => {
      loads++;
      if (loads === 1) throw new Error('the module did not load');
      return { id: loads };
    });
    const [first, second] = await Promise.allSettled([adapter(), adapter()]);
    expect(first).toEqual({ status: 'rejected', reason: new Error('the module did not load') });
    expect(second).toEqual(first);
    expect(await adapter()).toEqual({ id: 2 });
    expect(await adapter()).toEqual({ id: 2 });
    expect(loads).toBe(2);
  });

  it('turns a load that throws at once into a rejected promise, tried again on the next call', async () => {
    let loads = 0;
    const adapter = lazyAdapter<string>(() => {
      if (++loads === 1) throw new Error('no such adapter');
      return Promise.resolve('loaded');
    });
    await expect(adapter()).rejects.toThrow('no such adapter');
    await expect(adapter()).resolves.toBe('loaded');
  });
});
