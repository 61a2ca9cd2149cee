// Migration 0005: usernames are claimed by the skeleton of the wider folding (lib/accounts/user.ts `usernameSkeleton`:
// `3` as `e`; `9` and `q` as `g`; `cl` as `d`; `nn` as `m`), no longer by the skeleton of migration 0004
// (`earlierUsernameSkeleton`). Every user claims its name's new skeleton; where two stored names pass for each other only
// under the new folding, both keep them, as in 0004: whoever held a claim the new one replaces keeps holding (first
// pass), else the older account (second pass, by id); the other keeps its name without the claim, and the run lists the
// pair. Each user's claim of the earlier skeleton is then deleted: no name has that skeleton any more.
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { earlierUsernameSkeleton, usernameClaimsOf, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import type { Migration, MigrationCounts } from '#lib/migrations/migration.ts';

/** Users read at once. */
const PAGE = 100;

export const usernameRefold: Migration = {
  id: '0005-username-refold',
  description:
    "every user claims its username's skeleton under the wider lookalike folding (3/e, 9/q/g, cl/d, nn/m); where two " +
    'stored names pass for each other only now, both keep them, the holder of the replaced claim or else the older account ' +
    'holds the new one, and the pair is listed',
  needs: [],

  /** Scanned: users; converted: claims taken or kept now; already: claims taken before; findings: new lookalike pairs. */
  async run({ ctx }): Promise<MigrationCounts> {
    const users = userRepo(dbOf(ctx), ctx.tableName);
    const counts: MigrationCounts = { scanned: 0, converted: 0, alreadyConverted: 0 };
    const findings: string[] = [];
    const highest = await users.highestId();

    /** Every stored user, page by page. */
    async function* everyUser(): AsyncGenerator<StoredUser[]> {
      for (let first = 1; first <= highest; first += PAGE) {
        const ids = Array.from({ length: Math.min(PAGE, highest - first + 1) }, (_, i) => first + i);
        yield (await Promise.all(ids.map((id) => users.get(id)))).filter((user) => user !== null);
      }
    }
    const refolded = (user: StoredUser) => earlierUsernameSkeleton(user.username) !== usernameSkeleton(user.username);
    const claim = (user: StoredUser) =>
      users.claimUsername(user.id, user.username, usernameSkeleton(user.username), usernameClaimsOf(user.username));

    /** Users whose claim the first pass took or kept, counted as converted by the second. */
    const convertedFirst = new Set<number>();
    // First the holders of an earlier claim that changes: the new claim stays with them.
    for await (const page of everyUser()) {
      for (const user of page.filter(refolded)) {
        if ((await users.usernameClaimHolder(earlierUsernameSkeleton(user.username))) !== user.id) continue;
        const outcome = await claim(user);
        if (outcome.kind === 'claimed' || (outcome.kind === 'kept' && !outcome.before)) convertedFirst.add(user.id);
      }
    }
    // Then everybody, oldest first (a claim taken in the first pass answers `held`).
    for await (const page of everyUser()) {
      counts.scanned += page.length;
      for (const user of page) {
        const outcome = await claim(user);
        // Renamed meanwhile: the rename claimed the new name's skeleton and released the earlier ones itself.
        if (outcome.kind === 'renamed') {
          counts.alreadyConverted++;
          continue;
        }
        if (refolded(user)) await users.dropUsernameClaim(earlierUsernameSkeleton(user.username), user.id);
        const already = outcome.kind === 'held' || (outcome.kind === 'kept' && outcome.before);
        if (already && !convertedFirst.has(user.id)) counts.alreadyConverted++;
        else counts.converted++;
        if (outcome.kind !== 'kept') continue;
        const holder = await users.get(outcome.holder);
        // Pairs that passed for each other before were listed by migration 0004.
        if (holder && earlierUsernameSkeleton(holder.username) === earlierUsernameSkeleton(user.username)) continue;
        findings.push(
          `${user.username} (user ${user.id}) passes for ${holder?.username ?? '(gone)'} (user ${outcome.holder}), which holds the claim`,
        );
      }
    }
    return findings.length > 0 ? { ...counts, findings: findings.sort() } : counts;
  },
};
