// The S3 calls of the catalogue snapshot store (lib/plaques/catalog-snapshot-store.ts), in a module of their own so
// the store can load them on first use and the bundle keeps only the commands it sends.
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export interface SnapshotObject {
  /** The object's bytes, or null when there is none yet. */
  get(): Promise<Uint8Array | null>;
  put(bytes: Uint8Array): Promise<void>;
}

type S3Sender = Pick<S3Client, 'send'>;

export function s3SnapshotObject(bucket: string, key: string, region: string, client: S3Sender = new S3Client({ region })): SnapshotObject {
  return {
    async get() {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return out.Body ? await out.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async put(bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'application/octet-stream' }));
    },
  };
}

/** Objects of one bucket over one client: the snapshot and the records beside it. */
export function s3SnapshotObjects(bucket: string, keys: string[], region: string): SnapshotObject[] {
  const client = new S3Client({ region });
  return keys.map((key) => s3SnapshotObject(bucket, key, region, client));
}
