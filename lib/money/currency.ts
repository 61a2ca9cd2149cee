// Money as the ledger holds it: integers of a currency's minor units (1250 = 12.50 USD, 1250 = 1250 JPY), each currency
// named by its ISO 4217 code, whose exponent (its minor unit: 2 for USD and EUR, 0 for JPY, 3 for BHD) comes from the
// ISO 4217 list (the `currency-codes` package carries it). Nothing here is ever a float, except the catalogue's
// prices, which are read once into minor units.
import { code as iso4217 } from 'currency-codes';

/** The number of digits after the decimal point of an ISO 4217 currency; an unknown code is a fault. */
export function exponentOf(currency: string): number {
  const record = iso4217(currency);
  if (!record) throw new Error(`${currency} is not an ISO 4217 currency code`);
  return record.digits;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * A catalogue price (a number of major units, as the Plaque record has it) in minor units: read from the number's
 * shortest decimal text, so 0.29 is 29 cents and never 28.999…; a price with more decimals than the currency has is
 * rounded half up (`roundHalfUp`), the one rounding rule of the ledger. A negative or non-finite price is a fault.
 */
export function minorUnitsOf(price: number, currency: string): number {
  const match = Number.isFinite(price) && price >= 0 ? DECIMAL.exec(String(price)) : null;
  if (!match) throw new Error(`${price} is not a price`);
  const exponent = exponentOf(currency);
  const digits = BigInt(`${match[1]}${match[2] ?? ''}`);
  // digits × 10^(exponent + e − decimals): the price scaled to minor units, exact as a fraction of two integers.
  const shift = exponent + Number(match[3] ?? 0) - (match[2]?.length ?? 0);
  const minor = shift >= 0 ? digits * 10n ** BigInt(shift) : roundHalfUp(digits, 10n ** BigInt(-shift));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${price} ${currency} is too large for the ledger`);
  return Number(minor);
}

/**
 * The ledger's one rounding rule: `numerator / denominator` rounded half up (to the nearer integer, a half to the
 * greater one: 2.5 → 3, −2.5 → −2), for a positive denominator.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const twice = 2n * numerator + denominator;
  const floor = twice / (2n * denominator);
  // BigInt division truncates towards zero: step down where the exact quotient is negative and not whole.
  return twice < 0n && floor * 2n * denominator !== twice ? floor - 1n : floor;
}

/** Minor units as a decimal text by the currency's exponent: 1250 USD → `12.50`, −5 EUR → `-0.05`, 1250 JPY → `1250`. */
export function decimalOf(minor: number, currency: string): string {
  const exponent = exponentOf(currency);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
