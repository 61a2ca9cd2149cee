// The key-usage port: how many requests each API key made per UTC day. In AWS the stage's usage plan counts them
// (API Gateway's GetUsage); locally the table's counts, which every x-api-key request adds to as it is counted against
// its key's quota (lib/partner/key-quota.ts, lib/db/usage-repo.ts).
import { APIGatewayClient, GetUsageCommand } from '@aws-sdk/client-api-gateway';
import { servicesConfig, type ServicesConfig } from '#lib/config.ts';
import { serviceUnavailable } from '#lib/errors.ts';
import { dbOf } from '#lib/db/client.ts';
import { usageRepo } from '#lib/db/usage-repo.ts';
import type { AppContext } from '#lib/runtime/context.ts';

/** Requests per key id, per UTC day (`YYYY-MM-DD`); days without requests may be absent. */
type DailyRequests = Map<string, Map<string, number>>;

export interface UsageSource {
  /** Requests of the partner's keys `keyIds` on each day from `from` to `to` (inclusive, `YYYY-MM-DD`). */
  dailyRequests(partnerId: number, keyIds: readonly string[], from: string, to: string): Promise<DailyRequests>;
}

declare module '#lib/runtime/context.ts' {
  interface AppContext {
    /** Requests per API key and day: the usage plan in AWS, the table's counts otherwise: `usageSourceOf(ctx)`. */
    usageSource?: UsageSource;
  }
}

/** The counts the key quota keeps in the table (lib/partner/key-quota.ts). */
const tableUsageSource = (ctx: Pick<AppContext, 'db' | 'tableName'>): UsageSource => ({
  async dailyRequests(partnerId, keyIds, from, to) {
    const wanted = new Set(keyIds);
    const out: DailyRequests = new Map();
    for (const day of await usageRepo(dbOf(ctx), ctx.tableName).daily(partnerId, from, to)) {
      if (!wanted.has(day.keyId)) continue;
      let days = out.get(day.keyId);
      if (!days) out.set(day.keyId, (days = new Map()));
      days.set(day.date, day.requests);
    }
    return out;
  },
});

/** The `i`-th UTC day after `date` (`YYYY-MM-DD`). */
const addDays = (date: string, i: number): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + i * 86_400_000).toISOString().slice(0, 10);

/** API Gateway refusing for load, or failing on its side: the usage cannot be read now (503 USAGE_UNAVAILABLE). */
function unavailable(error: unknown): unknown {
  const failure = error as { name?: string; $fault?: string };
  const busy = failure?.name === 'TooManyRequestsException' || failure?.name === 'ServiceUnavailableException';
  if (!busy && failure?.$fault !== 'server') return error;
  return serviceUnavailable('USAGE_UNAVAILABLE', 'the usage counts cannot be read now; try again shortly', 5, { cause: error });
}

/** Keys asked about at once: a partner has at most a few dozen, and API Gateway throttles its management calls. */
const CONCURRENT_KEYS = 4;

/**
 * The usage plan's own counts: one GetUsage per key (filtered by key id, so other partners' keys are never read),
 * its daily `[used, remaining]` pairs starting at `from`. A key API Gateway no longer knows (revoked keys are
 * deleted) has no usage to report.
 */
export function apiGatewayUsageSource(options: { usagePlanId: string; client: APIGatewayClient }): UsageSource {
  const { client, usagePlanId } = options;
  async function usageOf(keyId: string, from: string, to: string): Promise<Map<string, number>> {
    const days = new Map<string, number>();
    let position: string | undefined;
    do {
      const page = await client
        .send(new GetUsageCommand({ usagePlanId, keyId, startDate: from, endDate: to, position }))
        .catch((error: unknown) => {
          throw unavailable(error);
        });
      for (const [id, daily] of Object.entries(page.items ?? {})) {
        if (id !== keyId) continue;
        daily.forEach(([used], i) => {
          if (used) days.set(addDays(from, i), (days.get(addDays(from, i)) ?? 0) + used);
        });
      }
      position = page.position;
    } while (position);
    return days;
  }
  return {
    async dailyRequests(_partnerId, keyIds, from, to) {
      const out: DailyRequests = new Map();
      for (let i = 0; i < keyIds.length; i += CONCURRENT_KEYS) {
        const batch = keyIds.slice(i, i + CONCURRENT_KEYS);
        const usages = await Promise.all(batch.map((id) => usageOf(id, from, to)));
        batch.forEach((id, j) => out.set(id, usages[j]!));
      }
      return out;
    },
  };
}

/** API Gateway's usage plan when the stage names one, the table's local counts otherwise. */
function configuredUsageSource(ctx: AppContext, config: ServicesConfig): UsageSource {
  if (!config.API_KEY_USAGE_PLAN_ID) return tableUsageSource(ctx);
  return apiGatewayUsageSource({
    usagePlanId: config.API_KEY_USAGE_PLAN_ID,
    client: new APIGatewayClient({ region: config.AWS_REGION }),
  });
}

/** The context's usage source, built from configuration on first use unless the context was given one. */
export const usageSourceOf = (ctx: AppContext): UsageSource => (ctx.usageSource ??= configuredUsageSource(ctx, servicesConfig()));
