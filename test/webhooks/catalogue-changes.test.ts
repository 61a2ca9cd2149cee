// The pure rules of catalogue events: which rewrite of a plaque makes which event, their order, their ids, and the
// stream filter's share of them (in AWS form and in code).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { toItem } from '#lib/db/plaque-repo.ts';
import { matchesPattern } from '#lib/local/stream-poller.ts';
import { STATUSES, type StoredPlaque } from '#lib/plaques/plaque.ts';
import { catalogueRecordOf } from '#lib/webhooks/catalogue-events.ts';
import { plaqueChangesOf, plaqueEventIdOf, plaquePositionOf } from '#lib/webhooks/catalogue-changes.ts';
import { EVENT_STREAM_FILTERS } from '#lib/webhooks/stream-filter.ts';
import { aPlaque } from '../support/factories.ts';

const rewriteOf = fc.record({
  status: fc.constantFrom(...STATUSES),
  featured: fc.boolean(),
  price: fc.constantFrom(10, 20),
  currency: fc.constantFrom('USD', 'EUR'),
  numberPart: fc.constantFrom('0001', '0002'),
  image: fc.constantFrom('https://a.example/1.png', 'https://a.example/2.png'),
});
const plaqueWith = (values: Partial<StoredPlaque>) =>
  aPlaque({ id: 9, ...values, ...(values.numberPart && { name: `ABC-${values.numberPart}` }) });

describe('the events of a rewrite', () => {
  // Each event is made exactly when the value it tells of changed, in one fixed order.
  it('tells of a status, a price, a listing and a minted plaque’s metadata exactly when they change', () => {
    fc.assert(
      fc.property(rewriteOf, rewriteOf, (a, b) => {
        const before = plaqueWith(a);
        const after = plaqueWith(b);
        const types = plaqueChangesOf(before, after).map((c) => c.type);
        const expected = [
          a.status !== b.status && 'plaque.status_changed',
          (a.price !== b.price || a.currency !== b.currency) && 'plaque.price_changed',
          b.status === 'AVAILABLE' && b.featured && !(a.status === 'AVAILABLE' && a.featured) && 'plaque.listed',
          a.status === 'MINTED' &&
            b.status === 'MINTED' &&
            (a.numberPart !== b.numberPart || a.image !== b.image) &&
            'plaque.metadata_updated',
        ].filter(Boolean);
        expect(types).toEqual(expected);
      }),
    );
  });

  it('carries the previous values', () => {
    const before = aPlaque({ status: 'LOCKED', price: 10, currency: 'USD' });
    expect(plaqueChangesOf(before, { ...before, status: 'AVAILABLE', price: 12, currency: 'EUR' })).toEqual([
      { type: 'plaque.status_changed', previousStatus: 'LOCKED' },
      { type: 'plaque.price_changed', previousPrice: 10, previousCurrency: 'USD' },
      { type: 'plaque.listed' },
    ]);
  });

  it('takes an image first stored on a record that had none for no change', () => {
    const before = aPlaque({ status: 'MINTED', image: null });
    expect(plaqueChangesOf(before, { ...before, image: 'https://a.example/placeholder.png' })).toEqual([]);
  });

  it('sorts a plaque’s events by the time of the write, then its place in the stream, then within the write', () => {
    const positions = [
      plaquePositionOf('2026-01-01T00:00:00.000Z', '99', 'plaque.listed'),
      plaquePositionOf('2026-01-01T00:00:00.000Z', '100', 'plaque.status_changed'),
      plaquePositionOf('2026-01-01T00:00:00.000Z', '100', 'plaque.listed'),
      plaquePositionOf('2026-01-01T00:00:00.001Z', '5', 'plaque.status_changed'),
    ];
    expect([...positions].sort()).toEqual(positions);
    expect(plaqueEventIdOf(1, '100', 'plaque.listed')).toBe(plaqueEventIdOf(1, '100', 'plaque.listed'));
    expect(plaqueEventIdOf(1, '100', 'plaque.listed')).not.toBe(plaqueEventIdOf(1, '101', 'plaque.listed'));
  });
});

const record = (eventName: 'INSERT' | 'MODIFY', newItem: Record<string, unknown>, oldItem?: Record<string, unknown>): DynamoDBRecord => ({
  eventName,
  dynamodb: {
    NewImage: marshall(newItem, { removeUndefinedValues: true }) as never,
    ...(oldItem && { OldImage: marshall(oldItem, { removeUndefinedValues: true }) as never }),
    SequenceNumber: '000000000000000000042',
  },
});

describe('the stream filter for the catalogue', () => {
  const plaque = aPlaque({ id: 3 });
  const importItem = (status: string) => ({ pk: 'IMPORT#imp_1', sk: 'IMPORT', entity: 'catalogueImport', status, importId: 'imp_1' });
  const cases: [string, DynamoDBRecord, boolean][] = [
    ['a plaque rewritten', record('MODIFY', toItem({ ...plaque, price: 5 }), toItem(plaque)), true],
    ['a plaque created (an import, the seed)', record('INSERT', toItem(plaque)), false],
    ['an import starting', record('INSERT', importItem('RUNNING')), false],
    [
      'an import marked done',
      record('MODIFY', { ...importItem('DONE'), count: 1, firstPlaqueId: 1, lastPlaqueId: 1 }, importItem('RUNNING')),
      true,
    ],
    ['a name claim', record('MODIFY', { pk: 'PLAQUENAME#ABC-0001', sk: 'PLAQUENAME', entity: 'plaqueName' }, {}), false],
  ];
  it.each(cases)('passes %s as the filter in AWS and the code agree', (_what, r, passes) => {
    expect(EVENT_STREAM_FILTERS.some((pattern) => matchesPattern(r, pattern))).toBe(passes);
    expect(catalogueRecordOf(r) !== null).toBe(passes);
  });
});
