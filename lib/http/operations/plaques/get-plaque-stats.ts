// The declaration of getPlaqueStats: route, caller, access, documentation, request and responses.
import { example, operation, paragraphs } from '#lib/http/operation.ts';
import { publicAccess } from '#lib/http/principals.ts';
import { listing, plaquesTag } from '#lib/http/operations/plaques/rules.ts';
import { shapeNamed } from '#lib/schema.ts';
import type { plaqueStatsSchema } from '#lib/plaques/response-schemas.ts';

export const getPlaqueStats = operation({
  method: 'GET',
  path: '/plaques/stats',
  operationId: 'getPlaqueStats',
  auth: publicAccess,
  access: listing,
  summary: "The catalogue's statistics: plaques per status, floor and volume per currency",
  description: paragraphs(
    "Answered from the featured listing's in-memory catalogue (never a scan), as fresh as its pages: within the listing's staleness " +
      'bound (1 s by default) of the last write. An answer computed from a catalogue synced less than that bound ago is given again ' +
      'to the requests that follow; past it the catalogue is brought up to date and the figures computed again.',
    '`count`: the plaques of each status (AVAILABLE, LOCKED, SOLD, MINTED, every one named, 0 when none), featured or not; a plaque ' +
      'whose hold has expired counts as AVAILABLE; deleted plaques count nowhere.',
    "`floor`: per currency, the lowest price of an AVAILABLE featured plaque (an expired hold counts as AVAILABLE) and that plaque's " +
      'id (the lower id of two at the same price); a currency without such a plaque is not listed.',
    '`volume`: per currency, the sum of the prices of the plaques sold whose `saleAt` is within the last 24 hours (`h24`), 7 days ' +
      '(`d7`) and 30 days (`d30`), each window ending now and including its end, and how many were sold in the last 24 hours ' +
      "(`sales24h`). A sale counts while its plaque is SOLD or MINTED, at the plaque's price (an operator may change a price only " +
      "before the sale, so it is the sale's); an order an operator cancelled counts no more. A currency without a sale in 30 days " +
      'is not listed. Sums are rounded to 8 decimals.',
    '`floor` and `volume` are ordered by currency code. The path sits beside GET /plaques/{id}: `stats` is not a plaque id, and ' +
      'this fixed path is chosen over it, as `featured` is.',
  ),
  tag: plaquesTag,
  example: example([], () => ({})),
  responses: { 200: { description: "The catalogue's statistics", schema: shapeNamed<typeof plaqueStatsSchema>('PlaqueStats') } },
});
