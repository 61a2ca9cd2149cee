// Decodes the table stream's images, the one reader of a stream record's attribute values: a record's new and old
// image come back as stored items or as the repositories' own records, so the stream consumers (the delivery worker,
// the event maker, the code mail sender) read domain values, never `.S` or `.N`.
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ENTITY } from '#lib/db/keys.ts';
import { fromItem as orderFromItem } from '#lib/db/order-item.ts';
import { fromItem as plaqueFromItem } from '#lib/db/plaque-repo.ts';
import { importFromItem, type CatalogueImport } from '#lib/db/catalogue-import-repo.ts';
import type { Order } from '#lib/partner/order.ts';
import type { StoredPlaque } from '#lib/plaques/plaque.ts';

type Item = Record<string, unknown>;
type Image = Record<string, AttributeValue>;

const decode = (image: Image): Item => unmarshall(image as Parameters<typeof unmarshall>[0]);

/** The new image of an INSERT or MODIFY record, undecoded; undefined for a REMOVE or a record without it. */
const newImageOf = (record: DynamoDBRecord): Image | undefined =>
  record.eventName === 'INSERT' || record.eventName === 'MODIFY' ? record.dynamodb?.NewImage : undefined;

/** The item an INSERT or MODIFY record wrote, as stored; null for a REMOVE or a record without its new image. */
export function writtenItemOf(record: DynamoDBRecord): Item | null {
  const image = newImageOf(record);
  return image ? decode(image) : null;
}

/** An order an INSERT or MODIFY record wrote. */
export interface WrittenOrder {
  /** The order as the write left it. */
  order: Order;
  /** Its status before the write, for a MODIFY whose old image has one; else null (a new order). */
  previousStatus: string | null;
  /** Times it was re-queued (its delivery round), 0 when never. */
  requeues: number;
}

/** The order an INSERT or MODIFY record wrote; null for any other entity, a removal or a record without its image. */
export function writtenOrderOf(record: DynamoDBRecord): WrittenOrder | null {
  const image = newImageOf(record);
  // The entity is read first: another entity's image is never decoded.
  if (image?.entity?.S !== ENTITY.order) return null;
  const item = decode(image);
  const previous = record.eventName === 'MODIFY' ? record.dynamodb?.OldImage?.status?.S : undefined;
  return {
    order: orderFromItem(item),
    previousStatus: previous ?? null,
    requeues: typeof item.deliveryRequeues === 'number' ? item.deliveryRequeues : 0,
  };
}

/** A plaque a MODIFY record rewrote: the record as the write left it and as it was before. */
export interface RewrittenPlaque {
  plaque: StoredPlaque;
  previous: StoredPlaque;
  /** The record's place in the stream (its shard's sequence number): a redelivered record names the same one. */
  sequence: string;
}

/** The plaque a MODIFY record rewrote; null for any other entity or kind of write, or a record without both images. */
export function rewrittenPlaqueOf(record: DynamoDBRecord): RewrittenPlaque | null {
  if (record.eventName !== 'MODIFY') return null;
  const next = record.dynamodb?.NewImage;
  const old = record.dynamodb?.OldImage;
  if (next?.entity?.S !== ENTITY.plaque || old?.entity?.S !== ENTITY.plaque) return null;
  return { plaque: plaqueFromItem(decode(next)), previous: plaqueFromItem(decode(old)), sequence: record.dynamodb?.SequenceNumber ?? '' };
}

/** The import a MODIFY record marked done; null for anything else (an import starting, or still running). */
export function finishedImportOf(record: DynamoDBRecord): CatalogueImport | null {
  if (record.eventName !== 'MODIFY') return null;
  const image = record.dynamodb?.NewImage;
  if (image?.entity?.S !== ENTITY.catalogueImport || image.status?.S !== 'DONE' || record.dynamodb?.OldImage?.status?.S === 'DONE') {
    return null;
  }
  return importFromItem(decode(image));
}
