// Catalogue events, pure: which rewrite of a plaque makes which event, each event's stable id, and its place among the
// plaque's other events. Only rewrites count: a plaque is created by an import (or the local seed), which tells
// partners once with `catalogue.imported` instead of once per plaque.
import { createHash } from 'node:crypto';
import type { CatalogueImport } from '#lib/db/catalogue-import-repo.ts';
import type { Plaque, PlaqueStatus, StoredPlaque } from '#lib/plaques/plaque.ts';
import { CATALOGUE_IMPORTED_EVENT_TYPE, type PlaqueEventType } from '#lib/webhooks/events.ts';

/** What one rewrite of a plaque tells partners, in the order its events are sent. */
export type PlaqueChange =
  | { type: 'plaque.status_changed'; previousStatus: PlaqueStatus }
  | { type: 'plaque.price_changed'; previousPrice: number; previousCurrency: string }
  | { type: 'plaque.listed' }
  | { type: 'plaque.metadata_updated' };

const RANK: Record<PlaqueEventType, number> = {
  'plaque.status_changed': 1,
  'plaque.price_changed': 2,
  'plaque.listed': 3,
  'plaque.metadata_updated': 4,
};

/** On sale in the listing: AVAILABLE (as stored), featured and not deleted. */
const isListed = (p: StoredPlaque): boolean => p.status === 'AVAILABLE' && p.featured && p.deletedAt === null;

/**
 * The fields a minted token's metadata (GET /tokens/{id}.json) names it and shows it by. An image first stored by the
 * migration of records that had none (null → the placeholder they were shown with) is no change.
 */
function metadataChanged(before: StoredPlaque, after: StoredPlaque): boolean {
  const named = before.name !== after.name || before.alphabetPart !== after.alphabetPart || before.numberPart !== after.numberPart;
  return named || (before.image !== null && before.image !== after.image);
}

/** The events a rewrite from `before` to `after` makes, in the order they are sent; none for a rewrite that moved none of them. */
export function plaqueChangesOf(before: StoredPlaque, after: StoredPlaque): PlaqueChange[] {
  const changes: PlaqueChange[] = [];
  if (before.status !== after.status) changes.push({ type: 'plaque.status_changed', previousStatus: before.status });
  if (before.price !== after.price || before.currency !== after.currency) {
    changes.push({ type: 'plaque.price_changed', previousPrice: before.price, previousCurrency: before.currency });
  }
  if (isListed(after) && !isListed(before)) changes.push({ type: 'plaque.listed' });
  if (before.status === 'MINTED' && after.status === 'MINTED' && metadataChanged(before, after)) {
    changes.push({ type: 'plaque.metadata_updated' });
  }
  return changes;
}

const digest = (text: string): string => `evt_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;

/** The event's id: the same for every delivery of one stream record (its sequence number), distinct per type. */
export const plaqueEventIdOf = (plaqueId: number, sequence: string, type: PlaqueEventType): string =>
  digest(`plaque\n${plaqueId}\n${sequence}\n${type}`);

/** An import's one event id. */
export const importEventIdOf = (importId: string): string => digest(`import\n${importId}`);

/** The plaque's events are sent in order per endpoint, in one lane per plaque. */
export const plaqueLaneId = (plaqueId: number): string => `plaque_${plaqueId}`;
/** An import's event is alone in its lane. */
export const importLaneId = (importId: string): string => `import_${importId}`;

/**
 * Sorts a plaque's events as its rewrites happened: by the time the rewrite wrote, then its place in the stream (fixed
 * width, so strings compare as numbers), then the order within one rewrite.
 */
export const plaquePositionOf = (updatedAt: string, sequence: string, type: PlaqueEventType): string =>
  `${updatedAt}#${sequence.padStart(40, '0')}#${RANK[type]}`;

/** The body every delivery of a plaque event carries: the Plaque as the rewrite left it, with what it had before. */
export function plaqueEventBody(change: PlaqueChange, timestamp: string, plaque: Plaque): string {
  const { type, ...previous } = change;
  return JSON.stringify({ type, timestamp, data: { ...plaque, ...previous } });
}

/** The import's summary, in place of an event per plaque it created. */
export function importEventBody(run: CatalogueImport): string {
  return JSON.stringify({
    type: CATALOGUE_IMPORTED_EVENT_TYPE,
    timestamp: run.finishedAt,
    data: {
      importId: run.importId,
      count: run.count,
      firstPlaqueId: run.firstPlaqueId,
      lastPlaqueId: run.lastPlaqueId,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
    },
  });
}
