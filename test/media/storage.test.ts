// The media storage port: files under DATA_DIR/media locally, S3 objects in AWS; public URLs from the base URL.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mediaUrl } from '#lib/media/media-url.ts';
import { localMediaStorage } from '#lib/media/storage.ts';
import { s3MediaStorage } from '#lib/media/s3-storage.ts';

describe('local media storage', () => {
  it('stores and removes files under DATA_DIR/media/<key>', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plaque-media-'));
    const storage = localMediaStorage(dataDir);
    await storage.put('users/3/abc.png', Buffer.from('bytes'), 'image/png');
    const file = join(dataDir, 'media', 'users', '3', 'abc.png');
    expect(readFileSync(file, 'utf8')).toBe('bytes');
    await storage.remove('users/3/abc.png');
    expect(existsSync(file)).toBe(false);
    await expect(storage.remove('users/3/abc.png')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the media folder', async () => {
    const storage = localMediaStorage(mkdtempSync(join(tmpdir(), 'plaque-media-')));
    for (const key of ['../escape.png', 'users/../../x.png', '/abs.png', 'users/3/no-extension', 'users\\3\\a.png']) {
      await expect(storage.put(key, Buffer.alloc(1), 'image/png')).rejects.toThrow();
    }
  });

  it('builds public URLs as <base>/<key>', () => {
    expect(mediaUrl('https://cdn.example/', 'users/1/a.png')).toBe('https://cdn.example/users/1/a.png');
    expect(mediaUrl('http://127.0.0.1:3000/_media', 'users/1/a.png')).toBe('http://127.0.0.1:3000/_media/users/1/a.png');
  });
});

describe('S3 media storage', () => {
  it('puts objects with their content type and deletes them', async () => {
    const sent: (PutObjectCommand | DeleteObjectCommand)[] = [];
    const client = { send: async (command: PutObjectCommand | DeleteObjectCommand) => void sent.push(command) } as never;
    const storage = s3MediaStorage('plaque-images', 'eu-west-1', client);
    await storage.put('users/1/a.webp', Buffer.from('x'), 'image/webp');
    await storage.remove('users/1/a.webp');
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect(sent[0]!.input).toMatchObject({ Bucket: 'plaque-images', Key: 'users/1/a.webp', ContentType: 'image/webp' });
    expect(sent[1]).toBeInstanceOf(DeleteObjectCommand);
    expect(sent[1]!.input).toEqual({ Bucket: 'plaque-images', Key: 'users/1/a.webp' });
  });
});
