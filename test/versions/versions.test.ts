// The dated versions' transformations: each version's shape of the Plaque, the answers that hold one, and the list of
// those answers held to the schemas.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  API_VERSIONS,
  DEFAULT_API_VERSION,
  HOLDERS,
  LATEST_API_VERSION,
  UNPINNED_API_VERSION,
  VERSION_CHANGES,
  shapeAnswer,
  shapeAs,
  shapeEventData,
  type ApiVersion,
} from '#lib/versions/versions.ts';
import { plaqueSchema } from '#lib/plaques/response-schemas.ts';
import { openApiDocument } from '#lib/http/openapi.ts';
import { componentOf, routes } from '#lib/http/routes.ts';

type Json = Record<string, unknown>;

/** The Plaque's members as its schema names them (every version's, `token_id` included). */
const ALL_MEMBERS = Object.keys((plaqueSchema.schema() as unknown as { def: { shape: Json } }).def.shape);
/** The members a Plaque has in `version`: `token_id` only before 2026-11-28. */
const membersIn = (version: ApiVersion): string[] => ALL_MEMBERS.filter((name) => name !== 'token_id' || version < '2026-11-28');

/** A Plaque in the newest shape: every member but `token_id`, with any JSON values, `tokenId` a string or null. */
const newestPlaqueArb = fc
  .record(Object.fromEntries(membersIn(LATEST_API_VERSION).map((name) => [name, fc.jsonValue()])))
  .chain((plaque) => fc.option(fc.string(), { nil: null }).map((tokenId) => ({ ...plaque, tokenId }) as Json));
const versionArb = fc.constantFrom(...API_VERSIONS);

const aPlaque = (tokenId: string | null): Json => ({ id: 7, name: 'ABC-0042', alphabetPart: 'ABC', tokenId, minted: tokenId !== null });

describe('the versions', () => {
  it('are dates in order, the newest last, the default and unpinned ones the first (the shapes of today’s clients)', () => {
    for (const version of API_VERSIONS) expect(new Date(`${version}T00:00:00.000Z`).toISOString().slice(0, 10)).toBe(version);
    expect([...API_VERSIONS].sort()).toEqual([...API_VERSIONS]);
    expect(LATEST_API_VERSION).toBe('2026-11-28');
    expect(DEFAULT_API_VERSION).toBe('2026-11-23');
    expect(UNPINNED_API_VERSION).toBe('2026-11-23');
    for (const change of VERSION_CHANGES) expect(change.version).not.toBe(API_VERSIONS[0]);
  });

  it('gives 2026-11-23 the copy token_id as the last member, and takes it away for 2026-11-28', () => {
    const newest = aPlaque('12');
    const old = shapeAs('Plaque', newest, '2026-11-23');
    expect(old).toEqual({ ...newest, token_id: '12' });
    expect(Object.keys(old).at(-1)).toBe('token_id');
    expect(shapeAs('Plaque', aPlaque(null), '2026-11-23')).toMatchObject({ tokenId: null, token_id: null });
    expect(shapeAs('Plaque', newest, '2026-11-28')).toEqual(newest);
    expect(shapeAs('Plaque', old, '2026-11-28')).toEqual(newest);
    expect(newest).not.toHaveProperty('token_id');
  });

  // Shaping a newest Plaque for any version gives exactly that version's members, token_id equal to tokenId, the
  // other members untouched; and from that version's shape to any other gives the other's.
  it('shapes a Plaque to exactly the members of each version, from any version to any other', () => {
    fc.assert(
      fc.property(newestPlaqueArb, versionArb, versionArb, (newest, to, next) => {
        const shaped = shapeAs('Plaque', newest, to);
        expect(Object.keys(shaped).sort()).toEqual(membersIn(to).sort());
        for (const name of membersIn(LATEST_API_VERSION)) expect(shaped[name]).toEqual(newest[name]);
        if ('token_id' in shaped) expect(shaped.token_id).toEqual(newest.tokenId);
        expect(shapeAs('Plaque', shaped, next)).toEqual(shapeAs('Plaque', newest, next));
      }),
    );
  });

  it('shapes every Plaque an answer holds, and nothing else', () => {
    const plaque = aPlaque('3');
    const old = { ...plaque, token_id: '3' };
    expect(shapeAnswer('Plaque', plaque, '2026-11-23')).toEqual(old);
    expect(shapeAnswer('FeaturedPage', { count: 2, plaques: [plaque, plaque], nextCursor: null }, '2026-11-23')).toEqual({
      count: 2,
      plaques: [old, old],
      nextCursor: null,
    });
    expect(shapeAnswer('WalletPlaquePage', { count: 1, plaques: [plaque], nextCursor: 'c' }, '2026-11-23').plaques).toEqual([old]);
    expect(shapeAnswer('Sale', { orderId: 'ord_1', status: 'SOLD', plaque }, '2026-11-23')).toEqual({
      orderId: 'ord_1',
      status: 'SOLD',
      plaque: old,
    });
    const order = { orderId: 'ord_1', plaqueId: 3, tokenId: '3' };
    const page = {
      events: [
        { id: 'evt_1', type: 'plaque.price_changed', timestamp: 't', data: { ...plaque, previousPrice: 5, previousCurrency: 'EUR' } },
        { id: 'evt_2', type: 'order.sold', timestamp: 't', data: order },
      ],
      nextCursor: null,
    };
    expect(shapeAnswer('EventPage', page, '2026-11-23').events).toEqual([
      { ...page.events[0], data: { ...page.events[0]!.data, token_id: '3' } },
      page.events[1],
    ]);
    // An answer that holds no Plaque, and the newest version, are left as they are.
    const lookup = { plaqueId: 3, tokenId: '3' };
    expect(shapeAnswer('Lookup', lookup, '2026-11-23')).toBe(lookup);
    expect(shapeAnswer('Plaque', plaque, LATEST_API_VERSION)).toBe(plaque);
  });

  it('shapes a plaque event’s data kept in either shape, and leaves other events’ data alone', () => {
    const kept = { ...aPlaque('4'), token_id: '4', previousStatus: 'SOLD' };
    expect(shapeEventData('plaque.status_changed', kept, '2026-11-28')).toEqual({ ...aPlaque('4'), previousStatus: 'SOLD' });
    expect(shapeEventData('plaque.status_changed', kept, '2026-11-23')).toMatchObject({ token_id: '4', previousStatus: 'SOLD' });
    const order = { orderId: 'ord_1', token_id: 'kept as it is' };
    expect(shapeEventData('order.sold', order, '2026-11-28')).toBe(order);
  });

  it('names every answer whose schema holds a Plaque, and only those (the list the handler shapes)', () => {
    const schemas = (openApiDocument() as { components: { schemas: Record<string, unknown> } }).components.schemas;
    /** Whether the schema holds a Plaque: by reference, or as an inline object with the Plaque's members (an event's data). */
    const holdsPlaque = (schema: unknown, seen = new Set<string>()): boolean => {
      if (Array.isArray(schema)) return schema.some((item) => holdsPlaque(item, seen));
      if (schema === null || typeof schema !== 'object') return false;
      const node = schema as Json;
      if (typeof node.$ref === 'string') {
        const name = node.$ref.split('/').at(-1)!;
        if (name === 'Plaque') return true;
        if (seen.has(name)) return false;
        seen.add(name);
        return holdsPlaque(schemas[name], seen);
      }
      const properties = node.properties as Json | undefined;
      if (properties && 'alphabetPart' in properties && 'tokenId' in properties) return true;
      return Object.values(node).some((value) => holdsPlaque(value, seen));
    };
    const answers = new Set(
      routes.flatMap((route) => Object.values(route.responses).flatMap((r) => (r.schema ? [componentOf(r.schema).id] : []))),
    );
    const holding = [...answers].filter((name) => name === 'Plaque' || holdsPlaque(schemas[name])).sort();
    expect(Object.keys(HOLDERS.Plaque).sort()).toEqual(holding);
  });
});
