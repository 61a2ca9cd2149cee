// The tables a test file made on the run's DynamoDB Local, dropped once the file ends (the setup file
// test/support/drop-tables.ts): the run's database then holds the tables of the files running, not of every file
// so far. Kept apart from test/support/db.ts so that every file's setup loads nothing more than this.

const made: (() => Promise<unknown>)[] = [];

/** Registers how to drop a table this file made. */
export function dropAtFileEnd(drop: () => Promise<unknown>): void {
  made.push(drop);
}

/** Drops every table this file made; one already gone (or a database already stopped) is no matter. */
export async function dropMadeTables(): Promise<void> {
  await Promise.all(made.splice(0).map((drop) => drop().catch(() => undefined)));
}
