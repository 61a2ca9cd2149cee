// The media storage port in AWS: objects in the stage's image bucket, served to the public through its CDN.
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkedKey, type MediaStorage } from '#lib/media/storage.ts';

type S3Sender = Pick<S3Client, 'send'>;

export function s3MediaStorage(bucket: string, region: string, client: S3Sender = new S3Client({ region })): MediaStorage {
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: contentType,
          // Keys are never reused (a new upload gets a new key), so caches may keep an object for good.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
  };
}
