// Where webhooks may go: the URL's form, every address its host resolves to, on a deployed stage and locally; DNS
// answers that change between registration and send, or within one answer; and the connection pinned to the
// addresses checked. No request leaves this machine: resolvers are the test's own.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { checkUrlForm, isAllowedAddress, resolveAllowed, UrlRefused, type Resolver } from '#lib/webhooks/address-guard.ts';
import { postWebhook } from '#lib/webhooks/http-post.ts';

const answers =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const refusedBy = async (url: string, resolve: Resolver, policy: 'aws' | 'local' = 'aws') =>
  resolveAllowed(new URL(url), policy, resolve).then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof UrlRefused)) throw error;
      return error.message;
    },
  );

const octet = fc.integer({ min: 0, max: 255 });
const v4 = (a: number, b: number, c: number, d: number) => `${a}.${b}.${c}.${d}`;

describe('addresses a deployed stage never sends to', () => {
  it.each([
    ['the cloud metadata address', '169.254.169.254'],
    ['another link-local address', '169.254.10.1'],
    ['a private 10.x address', '10.0.0.1'],
    ['a private 172.16/12 address', '172.31.255.254'],
    ['a private 192.168 address', '192.168.0.10'],
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv6 loopback', '::1'],
    ['the unspecified address', '0.0.0.0'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['multicast', '224.0.0.251'],
    ['broadcast', '255.255.255.255'],
    ['a documentation range', '192.0.2.1'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 unique local (AWS metadata over IPv6)', 'fd00:ec2::254'],
    ['10.x written as IPv4-mapped IPv6', '::ffff:10.0.0.1'],
    ['loopback written as IPv4-mapped IPv6', '::ffff:127.0.0.1'],
    ['metadata through NAT64', '64:ff9b::a9fe:a9fe'],
    ['metadata through local-use NAT64', '64:ff9b:1::a9fe:a9fe'],
    ['metadata written IPv4-compatible', '::a9fe:a9fe'],
    ['a public address written IPv4-compatible (::/96 embeds an IPv4 address)', '::5db8:d70e'],
    ['metadata through 6to4', '2002:a9fe:a9fe::1'],
    ['metadata through Teredo', '2001:0:4136:e378:8000:63bf:5601:5601'],
    ['the IPv4-translated form', '::ffff:0:a9fe:a9fe'],
    ['not an address at all', 'metadata'],
  ])('refuses %s (%s)', (_what, address) => {
    expect(isAllowedAddress(address, 'aws')).toBe(false);
  });

  it('allows public unicast addresses, IPv4 and IPv6', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::ffff:93.184.215.14']) {
      expect(isAllowedAddress(address, 'aws'), address).toBe(true);
    }
  });

  // Every address of the private, loopback, link-local and carrier-grade NAT ranges is refused, in either notation.
  it('refuses every address of the private, loopback, link-local and CGNAT ranges, also IPv4-mapped', () => {
    const inRange = fc.oneof(
      fc.tuple(octet, octet, octet).map(([b, c, d]) => v4(10, b, c, d)),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => v4(172, b, c, d)),
      fc.tuple(octet, octet).map(([c, d]) => v4(192, 168, c, d)),
      fc.tuple(octet, octet, octet).map(([b, c, d]) => v4(127, b, c, d)),
      fc.tuple(octet, octet).map(([c, d]) => v4(169, 254, c, d)),
      fc.tuple(fc.integer({ min: 64, max: 127 }), octet, octet).map(([b, c, d]) => v4(100, b, c, d)),
    );
    fc.assert(
      fc.property(inRange, (address) => {
        expect(isAllowedAddress(address, 'aws')).toBe(false);
        expect(isAllowedAddress(`::ffff:${address}`, 'aws')).toBe(false);
        // Locally only loopback is let through, never the rest.
        expect(isAllowedAddress(address, 'local')).toBe(address.startsWith('127.'));
      }),
    );
  });
});

describe('resolving the host', () => {
  it('refuses a name any of whose addresses is not public, and a name that does not resolve', async () => {
    expect(await refusedBy('https://hooks.example/x', answers('93.184.215.14'))).toBeNull();
    expect(await refusedBy('https://hooks.example/x', answers('169.254.169.254'))).toBe(
      'the host hooks.example resolves to 169.254.169.254, which is not a public address',
    );
    expect(await refusedBy('https://hooks.example/x', answers('93.184.215.14', '10.0.0.3'))).toContain('10.0.0.3');
    expect(await refusedBy('https://hooks.example/x', answers('2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::1'))).toContain('::1');
    expect(await refusedBy('https://hooks.example/x', answers())).toBe('the host hooks.example does not resolve');
    expect(
      await refusedBy('https://hooks.example/x', async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      }),
    ).toBe('the host hooks.example does not resolve');
  });

  it('judges an IP literal itself, without asking DNS', async () => {
    const never: Resolver = async () => {
      throw new Error('DNS asked about a literal');
    };
    expect(await refusedBy('https://169.254.169.254/latest/meta-data', never)).toBe('169.254.169.254 is not a public address');
    expect(await refusedBy('https://[::1]/x', never)).toBe('::1 is not a public address');
    expect(await refusedBy('https://10.1.1.1/x', never)).toBe('10.1.1.1 is not a public address');
    // WHATWG URL parsing turns other spellings of an address into the dotted one first.
    expect(await refusedBy('https://0x7f.1/x', never)).toBe('127.0.0.1 is not a public address');
    expect(await refusedBy('https://2852039166/x', never)).toBe('169.254.169.254 is not a public address');
    expect(await refusedBy('https://93.184.215.14/x', never)).toBeNull();
  });

  it('gives the answer of the moment: a name that turned private since the last check is refused now', async () => {
    const sequence = [['93.184.215.14'], ['10.0.0.9'], ['93.184.215.14']];
    let call = 0;
    const changing: Resolver = async () =>
      sequence[Math.min(call++, sequence.length - 1)]!.map((address) => ({ address, family: 4 as const }));
    expect(await refusedBy('https://rebind.example/x', changing)).toBeNull();
    expect(await refusedBy('https://rebind.example/x', changing)).toContain('10.0.0.9');
    expect(await refusedBy('https://rebind.example/x', changing)).toBeNull();
  });

  it('refuses an address of ::/96, written as a literal or answered by DNS', async () => {
    const never: Resolver = async () => {
      throw new Error('DNS asked about a literal');
    };
    // WHATWG URL parsing writes [::169.254.169.254] as [::a9fe:a9fe].
    expect(await refusedBy('https://[::169.254.169.254]/', never)).toBe('::a9fe:a9fe is not a public address');
    expect(await refusedBy('https://[::a9fe:a9fe]/', never)).toBe('::a9fe:a9fe is not a public address');
    expect(await refusedBy('https://hooks.example/x', answers('::a9fe:a9fe'))).toContain('::a9fe:a9fe');
    expect(await refusedBy('https://[::a9fe:a9fe]/', never, 'local')).toBe('::a9fe:a9fe is not a public address');
  });

  // No address embeds an IPv4 address in ::/96 and passes, whatever the IPv4 address.
  it('refuses every IPv4-compatible address (::/96)', () => {
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), ([a, b, c, d]) => {
        const compatible = `::${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        expect(isAllowedAddress(compatible, 'aws'), compatible).toBe(false);
      }),
    );
  });

  it('refuses the reserved ::/8 outside ::/96, as a literal and from DNS: ::1:a9fe:a9fe', async () => {
    const never: Resolver = async () => {
      throw new Error('DNS asked about a literal');
    };
    expect(await refusedBy('https://[::1:a9fe:a9fe]/', never)).toBe('::1:a9fe:a9fe is not a public address');
    expect(await refusedBy('https://hooks.example/x', answers('::1:a9fe:a9fe'))).toContain('::1:a9fe:a9fe');
    expect(await refusedBy('https://[::1:a9fe:a9fe]/', never, 'local')).toBe('::1:a9fe:a9fe is not a public address');
  });

  // Outside 2000::/3 (the global unicast space) no IPv6 address passes, whatever the other bits; inside it, one that
  // falls in no special range does.
  it('allows IPv6 only within the global unicast space 2000::/3', () => {
    const hextet = fc.integer({ min: 0, max: 0xffff });
    const written = (parts: number[]) => parts.map((p) => p.toString(16)).join(':');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff }).filter((first) => (first & 0xe000) !== 0x2000),
        fc.array(hextet, { minLength: 7, maxLength: 7 }),
        (first, rest) => {
          const address = written([first, ...rest]);
          // IPv4-mapped addresses are judged as their IPv4 address (a test above).
          fc.pre(!ipaddr.IPv6.parse(address).isIPv4MappedAddress());
          expect(isAllowedAddress(address, 'aws'), address).toBe(false);
        },
      ),
    );
    // 2600::/12 holds no special range: every address in it is public.
    fc.assert(
      fc.property(fc.integer({ min: 0x2600, max: 0x260f }), fc.array(hextet, { minLength: 7, maxLength: 7 }), (first, rest) => {
        expect(isAllowedAddress(written([first, ...rest]), 'aws')).toBe(true);
      }),
    );
  });

  it('lets the local runtime send to loopback, but still not to private or metadata addresses', async () => {
    expect(await refusedBy('http://localhost:9/x', answers('127.0.0.1', '::1'), 'local')).toBeNull();
    expect(await refusedBy('http://127.0.0.1:9/x', answers(), 'local')).toBeNull();
    expect(await refusedBy('https://hooks.example/x', answers('10.0.0.1'), 'local')).toContain('10.0.0.1');
    expect(await refusedBy('https://169.254.169.254/x', answers(), 'local')).toContain('169.254.169.254');
  });
});

describe('the URL form', () => {
  const form = (url: string, policy: 'aws' | 'local') => {
    try {
      checkUrlForm(url, policy);
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('wants https on a deployed stage, and allows plain http locally only to 127.0.0.1 and localhost', () => {
    expect(form('https://hooks.example/x', 'aws')).toBeNull();
    expect(form('http://hooks.example/x', 'aws')).toBe('url must use https');
    expect(form('http://127.0.0.1:8080/x', 'aws')).toBe('url must use https');
    expect(form('http://localhost/x', 'aws')).toBe('url must use https');
    expect(form('http://127.0.0.1:8080/x', 'local')).toBeNull();
    expect(form('http://localhost/x', 'local')).toBeNull();
    expect(form('http://hooks.example/x', 'local')).toContain('must use https');
    expect(form('http://127.0.0.2/x', 'local')).toContain('must use https');
  });

  it('wants port 443 on a deployed stage, and allows any port locally', () => {
    expect(form('https://hooks.example:443/x', 'aws')).toBeNull();
    expect(form('https://hooks.example:8443/x', 'aws')).toBe('url must use port 443');
    expect(form('https://hooks.example:22/x', 'aws')).toBe('url must use port 443');
    expect(form('https://127.0.0.1:8443/x', 'local')).toBeNull();
    expect(form('http://localhost:3001/x', 'local')).toBeNull();
  });

  it('refuses other schemes, credentials, fragments and what is not a URL', () => {
    expect(form('ftp://hooks.example/x', 'aws')).toBe('url must use https');
    expect(form('file:///etc/passwd', 'local')).toBe('url must use https');
    expect(form('https://me:pw@hooks.example/x', 'aws')).toBe('url must not carry a user name or password');
    expect(form('https://hooks.example/x#part', 'aws')).toBe('url must not have a fragment');
    expect(form('hooks.example/x', 'aws')).toBe('url is not an absolute URL');
  });
});

describe('the connection', () => {
  it('goes to the addresses that were checked, whatever the name would resolve to now', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.host ?? '');
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    try {
      // `.invalid` never resolves: the request can only have reached the receiver through the pinned address.
      const outcome = await postWebhook({
        url: new URL(`http://pinned.invalid:${port}/hook`),
        addresses: [{ address: '127.0.0.1', family: 4 }],
        headers: { 'content-type': 'application/json' },
        body: '{}',
        timeoutMs: 2000,
      });
      expect(outcome).toMatchObject({ statusCode: 204, error: null });
      expect(seen).toEqual([`pinned.invalid:${port}`]);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('records a refused connection as an error without a status', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const outcome = await postWebhook({
      url: new URL(`http://127.0.0.1:${port}/hook`),
      addresses: [{ address: '127.0.0.1', family: 4 }],
      headers: {},
      body: '{}',
      timeoutMs: 2000,
    });
    expect(outcome).toMatchObject({ statusCode: null, error: 'connection refused (ECONNREFUSED)' });
  });
});
