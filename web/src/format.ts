// How the dashboard writes values: wallets and hashes shortened, prices in their currency, times in UTC (the usage
// days are UTC days too), statuses as a word and a tone.
import type { OrderStatus } from './types.ts';

/** `0x1234…abcd`: the first 6 and the last 4 characters, as the API masks wallets. */
export function shortWallet(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** `0x12ab…cdef`: enough of a transaction hash to tell it apart. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}

/** The price in its currency (`$75.00`, `€75.00`); an unknown currency code is written after the number. */
export function formatPrice(price: number, currency: string, locale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price)} ${currency}`;
  }
}

/** `2026-03-01 12:04 UTC`; an absent time is a dash. */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `Mar 1`: a usage day (`YYYY-MM-DD`, UTC) on an axis. */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00.000Z`);
  return Number.isNaN(parsed.getTime()) ? date : parsed.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The status badge: its words and its tone (a CSS class). */
export function statusBadge(status: OrderStatus): { label: string; tone: 'waiting' | 'working' | 'done' | 'failed' | 'cancelled' } {
  switch (status) {
    case 'SOLD':
      return { label: 'Sold', tone: 'waiting' };
    case 'MINTING':
      return { label: 'Minting', tone: 'working' };
    case 'DELIVERED':
      return { label: 'Delivered', tone: 'done' };
    case 'FAILED':
      return { label: 'Failed', tone: 'failed' };
    case 'CANCELLED':
      return { label: 'Cancelled', tone: 'cancelled' };
  }
}

/** A whole number with thousands separators. */
export const formatCount = (n: number): string => new Intl.NumberFormat('en-US').format(n);

/** Where a URL may break across lines: after `/`, `.`, `?`, `&`, `=` and `#`, never inside a word (`hooks`). */
const URL_BREAK_AFTER = /(?<=[/.?&=#])/;
/** A piece longer than this may break after its own hyphens, and failing those anywhere: it could not fit a phone. */
const LONGEST_URL_PIECE = 24;

/** Cuts a piece too long for a phone: after its hyphens and underscores first, then every LONGEST_URL_PIECE characters. */
function cutLong(piece: string): string[] {
  if (piece.length <= LONGEST_URL_PIECE) return [piece];
  return piece.split(/(?<=[-_])/).flatMap((part) => part.match(new RegExp(`.{1,${LONGEST_URL_PIECE}}`, 'gs')) ?? []);
}

/**
 * A URL cut where a line may break (each piece stays on one line; joined, they are the URL again): after its `/`, `.`
 * and the like; a piece too long for a phone's line also after its hyphens, and failing those anywhere.
 */
export const urlPieces = (url: string): string[] =>
  url
    .split(URL_BREAK_AFTER)
    .filter((piece) => piece !== '')
    .flatMap(cutLong);
