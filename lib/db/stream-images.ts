// Decodes the table stream's images, the one reader of a stream record's attribute values: a record's new and old
// image come back as stored items or as the repositories' own records, so the stream consumers (the delivery worker,
// the order event maker, the code mail sender) read domain values, never `.S` or `.N`.
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ENTITY } from '#lib/db/keys.ts';
import { fromItem as orderFromItem } from '#lib/db/order-item.ts';
import type { Order } from '#lib/partner/order.ts';

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
