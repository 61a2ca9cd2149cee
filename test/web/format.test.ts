// The dashboard's way of writing values: shortened wallets and hashes, prices, UTC times and days, status badges.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCount, formatDay, formatPrice, formatTime, shortHash, shortWallet, statusBadge, urlPieces } from '../../web/src/format.ts';
import { ORDER_STATUSES } from '../../web/src/types.ts';

describe('shortWallet and shortHash', () => {
  it('keep the first 6 and the last 4 characters, as the API masks wallets', () => {
    expect(shortWallet('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x7099…79C8');
    expect(shortHash(`0x${'ab'.repeat(32)}`)).toBe('0xabab…abab');
  });

  it('leave short values whole', () => {
    expect(shortWallet('0x1234')).toBe('0x1234');
    expect(shortHash('0xdeadbeef')).toBe('0xdeadbeef');
  });

  // A shortened address is never longer than 11 characters and always starts and ends as the address does.
  it('shorten any address to its ends', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), (address) => {
        const short = shortWallet(address);
        expect(short.length).toBe(11);
        expect(address.startsWith(short.slice(0, 6))).toBe(true);
        expect(address.endsWith(short.slice(-4))).toBe(true);
      }),
    );
  });
});

describe('formatPrice', () => {
  it('writes the price in its currency', () => {
    expect(formatPrice(75, 'USD')).toBe('$75.00');
    expect(formatPrice(1234.5, 'EUR')).toBe('€1,234.50');
  });

  it('writes an unknown currency code after the number rather than failing', () => {
    expect(formatPrice(3, 'not a currency')).toBe('3.00 not a currency');
  });
});

describe('formatTime and formatDay', () => {
  it('write times in UTC to the minute, and an absent time as a dash', () => {
    expect(formatTime('2026-03-01T12:04:59.999Z')).toBe('2026-03-01 12:04 UTC');
    expect(formatTime('2026-03-01T23:30:00.000-02:00')).toBe('2026-03-02 01:30 UTC');
    expect(formatTime(null)).toBe('—');
    expect(formatTime('yesterday')).toBe('yesterday');
  });

  it('write a usage day as month and day, whatever the browser’s time zone', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1');
    expect(formatDay('2026-12-31')).toBe('Dec 31');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('write counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});

describe('statusBadge', () => {
  it('gives every order status its own words and tone', () => {
    expect(ORDER_STATUSES.map(statusBadge)).toEqual([
      { label: 'Sold', tone: 'waiting' },
      { label: 'Minting', tone: 'working' },
      { label: 'Delivered', tone: 'done' },
      { label: 'Failed', tone: 'failed' },
      { label: 'Cancelled', tone: 'cancelled' },
    ]);
  });
});

describe('a URL cut where a line may break', () => {
  it('breaks after slashes, dots and query separators, never inside a word or at a hyphen', () => {
    expect(urlPieces('https://shop.example/hooks/plaques-orders?v=2&x=1')).toEqual([
      'https:/',
      '/',
      'shop.',
      'example/',
      'hooks/',
      'plaques-orders?',
      'v=',
      '2&',
      'x=',
      '1',
    ]);
  });

  it('cuts a piece too long for a phone after its hyphens first, then every 24 characters', () => {
    expect(urlPieces('https://h.example/an-unusually-long-path-segment-for-hooks/x')).toEqual([
      'https:/',
      '/',
      'h.',
      'example/',
      'an-',
      'unusually-',
      'long-',
      'path-',
      'segment-',
      'for-',
      'hooks/',
      'x',
    ]);
    expect(urlPieces(`https://h.example/${'a'.repeat(50)}`).slice(-3)).toEqual(['a'.repeat(24), 'a'.repeat(24), 'aa']);
  });

  // Whatever the URL, the pieces are the URL again, none longer than a phone's line allows.
  it('loses nothing and keeps every piece short', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()), (url) => {
        const pieces = urlPieces(url);
        expect(pieces.join('')).toBe(url);
        for (const piece of pieces) expect(piece.length).toBeGreaterThan(0);
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(24);
      }),
    );
  });
});
