// Migration 0004: usernames are claimed by their skeleton (lib/accounts/user.ts `usernameSkeleton`), so that names
// which pass for each other cannot both be taken. Names given before were claimed in lower case only: every user
// claims its name's skeleton now, oldest account first. Where two stored names already pass for each other, both keep
// them: the account whose lower-case claim already was the skeleton (`mary` before `rnary`) holds the claim, else the
// older one (the lower id); the other keeps its name without the claim (it cannot take that skeleton again once it
// changes its name, and gets the claim should the holder change its own), and the run lists each such pair.
import { dbOf } from '#lib/db/client.ts';
import { userRepo } from '#lib/db/user-repo.ts';
import { usernameClaimsOf, usernameSkeleton, type StoredUser } from '#lib/accounts/user.ts';
import type { Migration, MigrationCounts } from '#lib/migrations/migration.ts';

/** Users read at once; their claims are written group by group (one group per skeleton), the groups side by side. */
const PAGE = 100;

export const usernameSkeletons: Migration = {
  id: '0004-username-skeletons',
  description:
    "every user claims its username's skeleton (case, separators and lookalike characters folded); where two stored " +
    'names already pass for each other both keep them, the older account holds the claim, and the pair is listed',
  needs: [],

  /** Scanned: users; converted: claims taken or kept now; already: claims taken before; findings: lookalike pairs. */
  async run({ ctx }): Promise<MigrationCounts> {
    const users = userRepo(dbOf(ctx), ctx.tableName);
    const counts: MigrationCounts = { scanned: 0, converted: 0, alreadyConverted: 0 };
    const findings: string[] = [];
    const named = async (id: number) => `${(await users.get(id))?.username ?? '(gone)'} (user ${id})`;

    const claim = async (user: StoredUser) => {
      const outcome = await users.claimUsername(user.id, user.username, usernameSkeleton(user.username), usernameClaimsOf(user.username));
      // Renamed meanwhile: the rename claimed the new name's skeleton itself.
      if (outcome.kind === 'renamed' || outcome.kind === 'held' || (outcome.kind === 'kept' && outcome.before)) counts.alreadyConverted++;
      else counts.converted++;
      if (outcome.kind === 'kept') {
        findings.push(`${user.username} (user ${user.id}) passes for ${await named(outcome.holder)}, which holds the claim`);
      }
    };

    const highest = await users.highestId();
    for (let first = 1; first <= highest; first += PAGE) {
      const ids = Array.from({ length: Math.min(PAGE, highest - first + 1) }, (_, i) => first + i);
      const page = (await Promise.all(ids.map((id) => users.get(id)))).filter((user) => user !== null);
      counts.scanned += page.length;
      const bySkeleton = new Map<string, StoredUser[]>();
      for (const user of page)
        bySkeleton.set(usernameSkeleton(user.username), [...(bySkeleton.get(usernameSkeleton(user.username)) ?? []), user]);
      await Promise.all(
        [...bySkeleton.values()].map(async (group) => {
          for (const user of group) await claim(user);
        }),
      );
    }
    return findings.length > 0 ? { ...counts, findings: findings.sort() } : counts;
  },
};
