// The input rules zod enforces in code (refinements, transforms) as the document states them: a validating proxy
// reading the document accepts what the service accepts. Each property compares the document's JSON Schema (ajv)
// with the zod schema that validates requests.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as z from 'zod/mini';
import { getAddress } from 'viem';
import { openApiDocument } from '#lib/http/openapi.ts';
import { featuredFilters, listFeaturedInput } from '#lib/plaques/list-featured-input.ts';
import { idempotencyKeyHeader } from '#lib/http/idempotency.ts';
import { walletAddress } from '#lib/partner/sale-schemas.ts';

type Json = Record<string, any>;
const document = openApiDocument() as Json;
const ajv = new Ajv2020({ strict: false });
const buy = document.paths['/partner/plaques/{id}/buy'].post as Json;
const parameter = (operation: Json, name: string): Json => (operation.parameters as Json[]).find((p) => p.name === name)!;
const documented = (schema: Json) => {
  const validate = ajv.compile(schema);
  return (value: unknown) => validate(value);
};
const accepts = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''));
const text = (alphabet: string[], max: number) => fc.array(fc.constantFrom(...alphabet), { maxLength: max }).map((c) => c.join(''));

describe('input rules in the OpenAPI document', () => {
  // Path parameters, the plaque id's among them: test/http/path-parameters.test.ts.

  // The pattern accepts every address the service accepts; of those it matches, the service refuses only bad checksums.
  it('states the wallet address pattern, the checksum in words', () => {
    const schema = (buy.requestBody.content['application/json'].schema as Json).properties.buyerWallet as Json;
    const rule = documented(schema);
    expect(schema.description).toContain('EIP-55');
    const address = fc.array(hexDigit, { minLength: 38, maxLength: 42 }).map((digits) => `0x${digits.join('')}`);
    fc.assert(
      fc.property(fc.oneof(address, fc.string()), (raw) => {
        if (accepts(walletAddress, raw)) expect(rule(raw)).toBe(true);
        if (rule(raw)) {
          const canonical = raw === raw.toLowerCase() || raw === getAddress(raw);
          expect(accepts(walletAddress, raw)).toBe(canonical);
        }
      }),
    );
  });

  // Dates: the pattern accepts every date the service accepts, and the service every matching date that exists.
  it('states the ISO 8601 forms filters.from and filters.to take', () => {
    const rule = documented((document.components.schemas.FeaturedFilters as Json).properties.from as Json);
    const instant = (featuredFilters.shape.from as unknown as { def: { innerType: z.ZodMiniType } }).def.innerType;
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    const date = fc
      .record({
        y: fc.integer({ min: 1970, max: 2100 }),
        m: fc.integer({ min: 0, max: 13 }),
        d: fc.integer({ min: 0, max: 32 }),
        time: fc.option(fc.tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), fc.constantFrom('', ':07', ':07.123'))),
        zone: fc.constantFrom('', 'Z', '+02:00', '-0530', 'z', ' '),
      })
      .map(
        ({ y, m, d, time, zone }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}${time ? `T${pad(time[0])}:${pad(time[1])}${time[2]}${zone}` : ''}`,
      );
    fc.assert(
      fc.property(fc.oneof(date, fc.string()), (raw) => {
        if (accepts(instant, raw)) expect(rule(raw)).toBe(true);
        if (rule(raw) && !Number.isNaN(Date.parse(raw))) expect(accepts(instant, raw)).toBe(true);
      }),
    );
  });

  // `sort`: exactly the same strings.
  it('states sort as ASC or DESC in any case', () => {
    const rule = documented(parameter(document.paths['/plaques/featured'].get as Json, 'sort').schema as Json);
    const sort = listFeaturedInput.shape.sort;
    const casing = fc
      .tuple(fc.constantFrom('asc', 'desc', 'ascending', 'des', ''), fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }))
      .map(([word, upper]) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    fc.assert(
      fc.property(fc.oneof(casing, fc.string({ maxLength: 5 })), (raw) => {
        expect(rule(raw)).toBe(accepts(sort, raw));
      }),
    );
  });

  // The Idempotency-Key header: exactly the same strings.
  it('states the Idempotency-Key rules', () => {
    const rule = documented(parameter(buy, 'Idempotency-Key').schema as Json);
    const printable = [...Array(0x7f - 0x20).keys()].map((i) => String.fromCharCode(0x20 + i));
    fc.assert(
      fc.property(fc.oneof(text(printable, 140), fc.string({ maxLength: 140 })), (raw) => {
        expect(rule(raw)).toBe(accepts(idempotencyKeyHeader, raw));
      }),
    );
  });

  // The profile form: the service refuses an unknown part and a form with none (400), so the document does too.
  it('states the profile form as closed, with at least one part', () => {
    const form = document.paths['/auth/profile'].post.requestBody.content['multipart/form-data'].schema as Json;
    const rule = documented(form);
    expect(rule({ username: 'ada_lovelace' })).toBe(true);
    expect(rule({ phoneNumber: '+4915112345678', password: 'correct horse' })).toBe(true);
    expect(rule({})).toBe(false);
    expect(rule({ username: 'ada_lovelace', email: 'other@example.com' })).toBe(false);
    expect(rule({ emailVerify: 'true' })).toBe(false);
  });
});
