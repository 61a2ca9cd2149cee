// The dashboard's session: the token in sessionStorage only, gone on sign-out, and absent when storage is refused.
import { describe, expect, it } from 'vitest';
import { session, type TokenStorage } from '../../web/src/session.ts';
import { loadConfig } from '../../web/src/config.ts';

/** An in-memory stand-in for the browser's sessionStorage (the same three methods). */
function aStorage(): TokenStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

describe('session', () => {
  it('keeps the token until sign-out', () => {
    const storage = aStorage();
    const s = session(storage);
    expect(s.token()).toBeNull();
    s.signIn('jwt-1');
    expect(s.token()).toBe('jwt-1');
    expect([...storage.items.values()]).toEqual(['jwt-1']);
    s.signOut();
    expect(s.token()).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('counts as signed out when the browser refuses storage', () => {
    const refusing: TokenStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(session(refusing).token()).toBeNull();
  });
});

describe('loadConfig', () => {
  const answering = (status: number, body: unknown): typeof fetch =>
    (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;

  it('reads config.json beside the page and makes the API URL absolute', async () => {
    let asked = '';
    const load = (async (url: string | URL | Request) => {
      asked = String(url);
      return new Response(JSON.stringify({ apiUrl: '/' }));
    }) as typeof fetch;
    expect(await loadConfig('http://127.0.0.1:3000/dashboard/#/orders', load)).toEqual({ apiUrl: 'http://127.0.0.1:3000/' });
    expect(asked).toBe('http://127.0.0.1:3000/dashboard/config.json');
    expect(
      await loadConfig(
        'https://d1.cloudfront.net/dashboard/',
        answering(200, { apiUrl: 'https://abc.execute-api.eu-west-1.amazonaws.com/v1/' }),
      ),
    ).toEqual({
      apiUrl: 'https://abc.execute-api.eu-west-1.amazonaws.com/v1/',
    });
  });

  it('fails when config.json is missing or names no API', async () => {
    await expect(loadConfig('http://x/dashboard/', answering(404, {}))).rejects.toThrow('config.json answered 404');
    await expect(loadConfig('http://x/dashboard/', answering(200, { api: 'x' }))).rejects.toThrow('names no apiUrl');
  });
});
