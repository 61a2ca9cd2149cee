// The readable-text rule (lib/validation.ts): what it refuses, and that its published pattern reads alike in a JSON
// Schema validator that applies it with the `u` flag (ajv does) and in the service, which applies it without.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { READABLE_TEXT } from '#lib/validation.ts';

const withU = new RegExp(READABLE_TEXT.source, 'u');

describe('READABLE_TEXT', () => {
  it.each([
    ['a zero-width space', 'shop\u200Bfront'],
    ['a byte order mark', '\uFEFFshop'],
    ['a soft hyphen', 'sh\u00ADop'],
    ['a line separator', 'shop\u2028front'],
    ['a Hangul filler', '\u3164'],
    ['a halfwidth Hangul filler', 'shop\uFFA0'],
    ['a word joiner', 'shop\u2060'],
    ['a zero-width joiner', 'a\u200Db'],
    ['a variation selector', 'shop\uFE0F'],
    ['a braille blank', '\u2800'],
    ['a lone high surrogate', 'shop\uD800'],
    ['a lone low surrogate', '\uDC00shop'],
    ['surrogates in the wrong order', '\uDC00\uD800'],
    ['a right-to-left override', 'shop\u202Etxt.exe'],
    ['a control character', 'line\nbreak'],
  ])('refuses %s, with and without the u flag', (_what, text) => {
    expect(READABLE_TEXT.test(text)).toBe(false);
    expect(withU.test(text)).toBe(false);
  });

  it.each([
    ['plain text', 'Shop frontend 2'],
    ['accents and other scripts', 'Café Ünïcode 商店 магазин'],
    ['an emoji', 'shop 🛒'],
  ])('accepts %s', (_what, text) => {
    expect(READABLE_TEXT.test(text)).toBe(true);
    expect(withU.test(text)).toBe(true);
  });

  // Whatever the UTF-16 text, well-formed or not, the pattern decides alike with and without the u flag.
  it('reads alike with and without the u flag', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)), maxLength: 6 }),
        (any, surrogates) => {
          for (const text of [any, surrogates, any + surrogates])
            expect(withU.test(text), JSON.stringify(text)).toBe(READABLE_TEXT.test(text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
