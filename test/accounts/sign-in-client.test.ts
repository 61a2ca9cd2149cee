// The client a sign-in request counts against: its IPv4 address, or its IPv6 /64.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { signInClient } from '#lib/accounts/sign-in-client.ts';

describe('signInClient', () => {
  it('keeps an IPv4 address, also when written as IPv4-mapped IPv6', () => {
    expect(signInClient('203.0.113.9')).toBe('203.0.113.9');
    expect(signInClient('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(signInClient('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const client = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2:0:0:1.2.3.4',
    ])
      expect(signInClient(address), address).toBe(client);
    expect(signInClient('2001:db8:1:3::1')).not.toBe(client);
    expect(signInClient('::1')).toBe('0:0:0:0::/64');
    expect(signInClient('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('counts requests without a usable source address as one client', () => {
    for (const missing of [undefined, null, '', 'not-an-address']) expect(signInClient(missing)).toBe('unknown');
  });

  // Invariant: every address of one /64 is one client, and two /64s are two.
  it('maps the whole /64 and nothing beyond it to one client', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.array(group, { minLength: 4, maxLength: 4 }), (address, other) => {
        const client = signInClient(address.join(':'));
        expect(signInClient([...address.slice(0, 4), ...other].join(':'))).toBe(client);
        const elsewhere = [...other, ...address.slice(4)];
        if (
          other.map((g) => parseInt(g, 16)).join() !==
          address
            .slice(0, 4)
            .map((g) => parseInt(g, 16))
            .join()
        )
          expect(signInClient(elsewhere.join(':'))).not.toBe(client);
      }),
    );
  });
});
