// What a migration is: an ordered, named conversion of data stored by earlier versions, run by `npm run ops -- migrate`
// (and by `npm start`), recorded in the table once applied. Every migration must be safe to run again and while the
// API serves traffic: it rewrites an item only while it still holds the old value, with a conditional write.
import type { StageValues } from '#lib/plaques/plaque.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** What one run of a migration did, item by item. */
export interface MigrationCounts {
  /** Items the migration looked at. */
  scanned: number;
  /** Items it rewrote. */
  converted: number;
  /** Items that needed nothing (written by this version, or converted before). */
  alreadyConverted: number;
  /** What operators should know of the data, one line each (e.g. stored usernames that pass for each other). */
  findings?: string[];
}

export interface MigrationInput {
  ctx: Pick<AppContext, 'db' | 'tableName'>;
  /** The stage's own values, for conversions that fill them in; reading one that is not configured throws. */
  stage: StageValues;
}

export interface Migration {
  /** Sortable and never reused: `0001-short-name`. Migrations run in id order. */
  id: string;
  /** One sentence for operators: what it converts. */
  description: string;
  /** The stage values the migration reads, checked before anything runs. */
  needs: readonly (keyof StageValues)[];
  run(input: MigrationInput): Promise<MigrationCounts>;
}

/** A migration as the table records it once applied (the latest run's counts when it was run again). */
export interface AppliedMigration {
  id: string;
  description: string;
  appliedAt: string;
  counts: MigrationCounts;
}
