// `refresh-metadata`: announce minted tokens' metadata on chain by hand (ERC-4906), for a change the service did not
// see (an image replaced at the same address, say). The ids are marked like any change the event maker marks; the
// signing follower (npm start's, on every block; a stage's when its reconciler wakes it) announces them in its next run,
// and the command waits for that, bounded.
import type { Command } from 'commander';
import { AppError } from '#lib/errors.ts';
import { announcementProgress, markForAnnouncement } from '#lib/delivery/announce-metadata.ts';
import { openTarget, type TargetOptions } from '#lib/ops/target.ts';

export interface RefreshReport {
  marked: number;
  /** The announcement's transaction, once a follower sent it; null when none did within the wait. */
  txHash: string | null;
  /** Whether it was mined and the marks cleared within the wait. */
  announced: boolean;
}

export async function refreshMetadata(target: TargetOptions, plaqueIds: number[], waitMs: number): Promise<RefreshReport> {
  const opened = await openTarget(target);
  try {
    const marks = await markForAnnouncement(opened.ctx, plaqueIds);
    let txHash: string | null = null;
    for (const until = Date.now() + waitMs; ;) {
      const progress = await announcementProgress(opened.ctx, marks);
      txHash = progress.txHash ?? txHash;
      if (progress.waiting === 0) return { marked: marks.length, txHash, announced: true };
      if (Date.now() >= until) return { marked: marks.length, txHash, announced: false };
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await opened.close();
  }
}

const plaqueId = (text: string): number => {
  if (!/^[1-9][0-9]{0,14}$/.test(text)) throw new Error(`${text} is not a plaque id (a positive integer)`);
  return Number(text);
};

export function registerMetadataCommands(program: Command, target: () => TargetOptions): void {
  program
    .command('refresh-metadata')
    .description(
      "announce minted plaques' token metadata on chain (ERC-4906 MetadataUpdate / BatchMetadataUpdate) so marketplaces fetch it again; unknown or unminted ids are refused and nothing is announced",
    )
    .argument('<id...>', 'plaque ids')
    .option('--wait <seconds>', 'how long to wait for the announcement to be mined', '60')
    .action(async (ids: string[], options: { wait: string }) => {
      try {
        const report = await refreshMetadata(target(), ids.map(plaqueId), Number(options.wait) * 1000);
        if (report.announced) console.log(`Announced ${report.marked} token(s) in ${report.txHash ?? 'a transaction'}.`);
        else
          console.log(
            `Marked ${report.marked} token(s) for announcement${report.txHash ? `, sent in ${report.txHash}, not mined yet` : ''}: the signing follower announces them (npm start's on its next block; a stage's at its reconciler's next pass).`,
          );
      } catch (error) {
        if (!(error instanceof AppError) && !(error instanceof Error && /is not a plaque id/.test(error.message))) throw error;
        console.error(error instanceof AppError ? (error.detail ?? error.title) : error.message);
        process.exitCode = 1;
      }
    });
}
