// The local dead-letter folder (DATA_DIR/streams/dead-letters, written by the stream poller) as the reconciler's
// dead-letter box: each file is one stream record; a handled one moves to `redriven/` beside them, kept for reading.
import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { DynamoDBRecord } from 'aws-lambda';
import { soldOrderIdOf } from '#lib/delivery/stream-filter.ts';
import type { DeadLetterBox } from '#lib/delivery/reconcile.ts';

export function deadLetterFolder(streamStateDir: string): DeadLetterBox {
  const folder = join(streamStateDir, 'dead-letters');
  return {
    async list() {
      let names: string[];
      try {
        names = readdirSync(folder).filter((name) => name.endsWith('.json'));
      } catch {
        return [];
      }
      return names.map((name) => {
        let orderId: string | null = null;
        try {
          orderId = soldOrderIdOf(JSON.parse(readFileSync(join(folder, name), 'utf8')) as DynamoDBRecord);
        } catch {
          // Unreadable (cut short by a kill while it was written): it names no order; the sweep finds the order anyway.
        }
        return { id: name, orderIds: orderId ? [orderId] : [] };
      });
    },
    async settle(id) {
      mkdirSync(join(folder, 'redriven'), { recursive: true });
      renameSync(join(folder, id), join(folder, 'redriven', id));
    },
  };
}
