// The stand-in bundles get for `side-channel` (lib/runtime/side-channel-stand-in.cts) keeps values as the package
// does, and the query parser bundled with it, exactly as the stack bundles the listing, answers every query as the
// parser the other tests run (test/http/query.test.ts) does.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#lib/errors.ts';
import { MAX_QUERY_LENGTH, parseNestedQuery } from '#lib/http/nested-query.ts';
import { buildBundle, type BuiltBundle } from '../../infra/bundling.ts';

interface Channel {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
}
type Parse = typeof parseNestedQuery;

const outdir = mkdtempSync(path.join(os.tmpdir(), 'plaque-side-channel-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

let getSideChannel: () => Channel;
let parser: BuiltBundle;
let bundledParse: Parse;
beforeAll(async () => {
  const standIn = await buildBundle('lib/runtime/side-channel-stand-in.cts', path.join(outdir, 'stand-in'));
  getSideChannel = ((await import(pathToFileURL(standIn.file).href)) as { default: () => Channel }).default;
  parser = await buildBundle('lib/http/nested-query.ts', path.join(outdir, 'parser'));
  bundledParse = ((await import(pathToFileURL(parser.file).href)) as { parseNestedQuery: Parse }).parseNestedQuery;
}, 60_000);

describe('the side-channel stand-in', () => {
  // Keys of every kind the package accepts: objects and functions (kept weakly), and primitives. Few, so a run sets,
  // reads and forgets the same keys often.
  const keys: unknown[] = [{}, [], () => 1, 'a', 0, NaN, null, undefined, Symbol('s')];
  const key = fc.nat({ max: keys.length - 1 });
  const step = fc.oneof(
    fc.record({ op: fc.constant('set' as const), key, value: fc.oneof(fc.integer(), fc.string(), fc.constant(undefined)) }),
    fc.record({ op: fc.constantFrom('get' as const, 'has' as const, 'delete' as const, 'assert' as const), key }),
  );

  // Invariant: after any sequence of calls, every answer is the one a Map (the package's model) gives.
  it('keeps, answers and forgets values for object, function and primitive keys as a Map does', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 60 }), (steps) => {
        const channel = getSideChannel();
        const model = new Map<unknown, unknown>();
        for (const { op, key: index, ...rest } of steps) {
          const k = keys[index];
          if (op === 'set') {
            const { value } = rest as { value: unknown };
            channel.set(k, value);
            model.set(k, value);
          } else if (op === 'get') expect(channel.get(k)).toBe(model.get(k));
          else if (op === 'has') expect(channel.has(k)).toBe(model.has(k));
          else if (op === 'delete') expect(channel.delete(k)).toBe(model.delete(k));
          else if (model.has(k)) expect(() => channel.assert(k)).not.toThrow();
          else expect(() => channel.assert(k)).toThrow(TypeError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps each channel apart', () => {
    const one = getSideChannel();
    const other = getSideChannel();
    const shared = {};
    one.set(shared, 1);
    one.set('name', 2);
    expect([other.has(shared), other.has('name'), other.get(shared)]).toEqual([false, false, undefined]);
  });
});

describe('the query parser as the listing bundles it', () => {
  const outcome = (parse: Parse, query: Record<string, string[]>) => {
    try {
      return { parsed: parse(query) };
    } catch (error) {
      // The bundle has its own copy of AppError: compare what a problem is built from.
      const { status, code, errors } = error as AppError;
      return { refused: { status, code, errors } };
    }
  };
  const many = (count: number) => Array.from({ length: count }, (_, i) => String(i));

  it('leaves out the polyfills the package needs and loads the stand-in', () => {
    const packages = parser.inputs.filter((input) => /^node_modules\/(side-channel|get-intrinsic|object-inspect)/.test(input));
    expect(packages).toEqual([]);
    expect(parser.inputs).toContain('lib/runtime/side-channel-stand-in.cts');
    expect(parser.inputs).toContain('node_modules/qs/lib/parse.js');
  });

  it('parses and refuses at the limits as the parser the tests run', () => {
    const cases: Record<string, string[]>[] = [
      { 'filters[condition][1]': ['USED'], 'filters[condition][0]': ['VIRGIN'], 'filters[featured]': ['true'], tag: ['a', 'b'] },
      { 'a[b][c][d]': ['x'] },
      { 'a[b][c][d][e]': ['x'] },
      { '__proto__[polluted]': ['yes'], 'filters[__proto__][polluted]': ['yes'] },
      { 'a[99]': ['x'] },
      { 'a[100]': ['x'] },
      { 'a[]': many(100) },
      { 'a[]': many(101) },
      { a: many(101) },
      Object.fromEntries(many(200).map((i) => [`p${i}`, ['x']])),
      Object.fromEntries(many(201).map((i) => [`p${i}`, ['x']])),
      { search: ['x'.repeat(MAX_QUERY_LENGTH)] },
    ];
    for (const query of cases) expect(outcome(bundledParse, query), Object.keys(query)[0]).toEqual(outcome(parseNestedQuery, query));
    // The cases reach both answers.
    expect(cases.map((query) => 'refused' in outcome(bundledParse, query))).toContain(true);
    expect(cases.map((query) => 'parsed' in outcome(bundledParse, query))).toContain(true);
  });

  // Invariant: whatever the names and values, the bundled parser gives the same object or the same refusal.
  it('answers any query as the parser the tests run', () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.nat({ max: 120 }).map(String),
      fc.constantFrom('', '__proto__', 'constructor'),
    );
    const name = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc
        .tuple(fc.constantFrom('filters', 'a', '__proto__'), fc.array(segment, { maxLength: 5 }))
        .map(([head, rest]) => head + rest.map((s) => `[${s}]`).join('')),
    );
    fc.assert(
      fc.property(fc.dictionary(name, fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 4 }), { maxKeys: 12 }), (query) => {
        expect(outcome(bundledParse, query)).toEqual(outcome(parseNestedQuery, query));
      }),
      { numRuns: 500 },
    );
  });
});
