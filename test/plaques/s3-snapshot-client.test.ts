// The catalogue snapshot as an S3 object: read whole, absent as null (not an error), written whole with its type.
import { describe, expect, it } from 'vitest';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3SnapshotObject } from '#lib/plaques/s3-snapshot-client.ts';

type Sent = GetObjectCommand | PutObjectCommand;

/** A client that records what it is sent and answers with `answer`. */
function recordingClient(answer: (command: Sent) => unknown) {
  const sent: Sent[] = [];
  const client = { send: async (command: Sent) => (sent.push(command), answer(command)) } as never;
  return { sent, client };
}

describe('S3 snapshot object', () => {
  it("reads the object's bytes", async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const { sent, client } = recordingClient(() => ({ Body: { transformToByteArray: async () => bytes } }));
    await expect(s3SnapshotObject('snapshots', 'catalog/t.snapshot', 'eu-west-1', client).get()).resolves.toEqual(bytes);
    expect(sent[0]).toBeInstanceOf(GetObjectCommand);
    expect(sent[0]!.input).toEqual({ Bucket: 'snapshots', Key: 'catalog/t.snapshot' });
  });

  it('answers null when there is no snapshot yet, and passes on any other failure', async () => {
    const missing = recordingClient(() => Promise.reject(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} })));
    await expect(s3SnapshotObject('snapshots', 'k', 'eu-west-1', missing.client).get()).resolves.toBeNull();
    const denied = recordingClient(() => Promise.reject(new Error('AccessDenied')));
    await expect(s3SnapshotObject('snapshots', 'k', 'eu-west-1', denied.client).get()).rejects.toThrow('AccessDenied');
  });

  it('writes the object whole, as bytes', async () => {
    const { sent, client } = recordingClient(() => ({}));
    await s3SnapshotObject('snapshots', 'catalog/t.snapshot', 'eu-west-1', client).put(new Uint8Array([9]));
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect(sent[0]!.input).toEqual({
      Bucket: 'snapshots',
      Key: 'catalog/t.snapshot',
      Body: new Uint8Array([9]),
      ContentType: 'application/octet-stream',
    });
  });
});
