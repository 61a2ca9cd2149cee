// The media storage port: S3 (MEDIA_BUCKET, s3-storage.ts) in AWS; locally files under DATA_DIR/media, served by the local server at /_media.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { servicesConfig } from '#lib/config.ts';
import type { AppContext } from '#lib/runtime/context.ts';
import { lazyAdapter } from '#lib/runtime/lazy-adapter.ts';

export interface MediaStorage {
  /** Stores `bytes` under `key` (e.g. `users/7/<uuid>.png`). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Stores uploaded images: S3 in AWS, DATA_DIR/media locally (URLs from `mediaBaseUrl`): use `mediaOf(ctx)`. */
    media?: MediaStorage;
  }
}

/** Keys are made by the service (`users/<id>/<uuid>.<ext>`); anything else is a bug, not input. */
const MEDIA_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;
export function checkedKey(key: string): string {
  if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
  return key;
}

export function localMediaStorage(dataDir: string): MediaStorage {
  const root = resolve(dataDir, 'media');
  const fileOf = (key: string) => {
    const file = resolve(root, checkedKey(key));
    if (!file.startsWith(root + sep)) throw new Error(`media key outside the media folder: ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/**
 * S3 when a bucket is configured (AWS), the data folder otherwise. The S3 module is imported on first use, so
 * functions that only link media do not load the SDK client at cold start.
 */
function mediaStorageFor(options: { dataDir: string; bucket?: string | undefined; region: string }): MediaStorage {
  const { bucket, region } = options;
  if (!bucket) return localMediaStorage(options.dataDir);
  const storage = lazyAdapter(() => import('#lib/media/s3-storage.ts').then((module) => module.s3MediaStorage(bucket, region)));
  return {
    put: async (key, bytes, contentType) => (await storage()).put(key, bytes, contentType),
    remove: async (key) => (await storage()).remove(key),
  };
}

/** The context's media storage, built from configuration on first use unless the context was given one. */
export const mediaOf = (ctx: AppContext): MediaStorage =>
  (ctx.media ??= mediaStorageFor({ dataDir: ctx.dataDir, bucket: servicesConfig().MEDIA_BUCKET, region: servicesConfig().AWS_REGION }));
